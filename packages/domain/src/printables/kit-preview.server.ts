import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Locale } from "@kinderready/i18n/locales";
import { itemTitle } from "@kinderready/kit/item-text.server";
import { kitCounts, levelOneSamples, previewItems } from "@kinderready/kit/kit-preview";
import { findParent } from "../parents/find-parent.server.ts";
import type { PrintablesDeps } from "./printables.server.ts";
import { findChildName } from "./printables-queries.server.ts";

// A parent's first look at their child's kit before buying: real pages of the trial level, drawn
// with the child's name and chosen from the quiz answers. The image addresses are signed for the
// parent's id, so they carry neither the token nor the name; the rendered images are cached by a
// hash of what they show.

export type KitPreview = {
  childName: string;
  /** The child's age and the topics the answers pointed at, as the server stored them. */
  age: number | null;
  topics: string[];
  pages: { id: string; title: string; src: string }[];
};

function signature(secret: string, userId: string, itemId: string, locale: Locale): string {
  return createHmac("sha256", secret).update(`kit-preview|${userId}|${itemId}|${locale}`).digest("base64url");
}

/** What the kit holds, for any visitor: its counts and a few pages of level 1 (shared previews). */
export function getKitContents(deps: Pick<PrintablesDeps, "appUrl">, input: { locale: Locale }) {
  return {
    ...kitCounts(),
    pages: levelOneSamples().map((item) => ({
      id: item.id,
      title: itemTitle(item, input.locale),
      src: `${deps.appUrl}/printables/files/preview/${item.id}.svg?locale=${input.locale}`,
    })),
  };
}

export type KitContents = ReturnType<typeof getKitContents>;

/** The preview pages for the parent this token names; undefined for nobody. */
export async function getKitPreview(
  deps: PrintablesDeps,
  input: { token: string; locale: Locale },
): Promise<KitPreview | undefined> {
  const parent = await findParent(deps, { token: input.token });
  if (!parent) return undefined;
  return {
    childName: parent.kidName?.trim() ?? "",
    age: parent.kidAge,
    topics: parent.topics,
    pages: previewItems(parent.topics).map((item) => {
      const query = new URLSearchParams({
        locale: input.locale,
        u: parent.id,
        sig: signature(deps.downloadUrlSecret, parent.id, item.id, input.locale),
      });
      return {
        id: item.id,
        title: itemTitle(item, input.locale),
        src: `${deps.appUrl}/printables/files/preview/${item.id}.svg?${query}`,
      };
    }),
  };
}

/**
 * The child's name a signed preview address may draw, and the cache key of that picture; undefined
 * when the signature does not match or the parent is gone (erased parents have no name to show).
 */
export async function childPreviewFor(
  deps: PrintablesDeps,
  input: { userId: string; itemId: string; locale: Locale; sig: string },
): Promise<{ childName: string; cacheKey: string } | undefined> {
  const expected = Buffer.from(signature(deps.downloadUrlSecret, input.userId, input.itemId, input.locale));
  const given = Buffer.from(input.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const parent = await findChildName(deps.db, input.userId);
  if (!parent) return undefined;
  const childName = parent.kidName?.trim() ?? "";
  const nameHash = createHash("sha256").update(childName).digest("base64url").slice(0, 16);
  return { childName, cacheKey: `${input.itemId}:${input.locale}:${nameHash}` };
}
