import { createHmac, timingSafeEqual } from "node:crypto";
import type { Locale } from "@kinderready/i18n/locales";
import type { Paper } from "@kinderready/kit/render.server";

// Download links are bearer links to one parent's personalised files: signed with a server key
// over who, which level or pack, language, paper and expiry, so nobody can fetch another parent's
// files or reuse a link forever. One signature covers a whole level (the file name picks the
// item), which keeps the page small. The user token never appears in them.

/**
 * What a signature opens: one level of the kit, one add-on pack, every pack, one book of the
 * month, or the child's week (planned again from their marks when it is opened).
 */
export type DownloadScope =
  | { kind: "level"; number: number }
  | { kind: "pack"; id: string }
  | { kind: "packs" }
  | { kind: "month"; number: number }
  | { kind: "week" };

export type DownloadGrant = {
  userId: string;
  scope: DownloadScope;
  locale: Locale;
  paper: Paper;
  expiresAt: number;
  /** IS_DEV previews (`printablesByInvoices`): the invoices the area was shown as if paid. */
  invoices?: string | undefined;
};

/** "all" is the whole scope as one PDF; anything else is an item id in the scope. */
export type DownloadFile = "all" | { item: string };

/** Links live a day: long enough for a tab left open, short enough that a shared link dies. */
export const downloadLinkSeconds = 24 * 60 * 60;

export function scopeSlug(scope: DownloadScope): string {
  if (scope.kind === "level") return `level-${scope.number}`;
  if (scope.kind === "pack") return `pack-${scope.id}`;
  if (scope.kind === "week") return "week";
  if (scope.kind === "month") return `month-${scope.number}`;
  return "packs-all";
}

export function parseScopeSlug(slug: string): DownloadScope | undefined {
  if (slug === "packs-all") return { kind: "packs" };
  if (slug === "week") return { kind: "week" };
  const level = /^level-([0-5])$/.exec(slug);
  if (level) return { kind: "level", number: Number(level[1]) };
  const month = /^month-([1-9])$/.exec(slug);
  if (month) return { kind: "month", number: Number(month[1]) };
  const pack = /^pack-([a-z0-9-]{1,60})$/.exec(slug);
  return pack ? { kind: "pack", id: pack[1] as string } : undefined;
}

export function parseFileName(name: string): DownloadFile | undefined {
  if (name === "all.pdf") return "all";
  const item = /^item-([a-z0-9-]{1,80})\.pdf$/.exec(name);
  return item ? { item: item[1] as string } : undefined;
}

function signature(secret: string, grant: DownloadGrant): string {
  return createHmac("sha256", secret)
    .update(
      [grant.userId, scopeSlug(grant.scope), grant.locale, grant.paper, grant.expiresAt, grant.invoices ?? ""].join(
        "|",
      ),
    )
    .digest("base64url");
}

/** The path and query of a signed link to a file of the scope (the caller adds the origin). */
export function signDownloadLink(secret: string, grant: DownloadGrant, file: DownloadFile): string {
  const query = new URLSearchParams({
    u: grant.userId,
    locale: grant.locale,
    paper: grant.paper,
    exp: String(grant.expiresAt),
    ...(grant.invoices && { inv: grant.invoices }),
    sig: signature(secret, grant),
  });
  const name = file === "all" ? "all" : `item-${file.item}`;
  return `/printables/files/${scopeSlug(grant.scope)}/${name}.pdf?${query}`;
}

/** True when the signature matches and the link has not expired. */
export function verifyDownloadLink(secret: string, grant: DownloadGrant, sig: string, now: Date): boolean {
  if (grant.expiresAt * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
