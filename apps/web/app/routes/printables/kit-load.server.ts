import type { AppServices } from "@kinderready/domain/app-services";
import { failureCode } from "@kinderready/domain/known-failure";
import { choosePaper } from "@kinderready/domain/printables/printables.server";
import { printablesQuery } from "@kinderready/domain/printables/printables-schema";
import { getPrintables } from "@kinderready/domain/printables/printables-view.server";
import { soldProduct } from "@kinderready/domain/product";
import type { Locale } from "@kinderready/i18n/locales";
import { z } from "zod";

// The kit as the printables page's loader reads it: the paper chosen, and the levels with the
// open one's (or an add-on pack's) items.

const paperQuery = z.enum(["a4", "letter"]);

/** The paper switch is a link (`?paper=letter`): the choice is kept for this parent's downloads. */
export async function keepPaperChoice(services: AppServices, input: { userToken: string }, url: URL) {
  const paper = paperQuery.safeParse(url.searchParams.get("paper"));
  if (paper.success) await choosePaper(services.printables, { ...input, paper: paper.data });
}

/** Which level (or add-on pack) shows its items; the rest show as summaries. */
const openQuery = z.union([
  z.object({ pack: z.string().regex(/^[a-z0-9-]{1,60}$/) }),
  z.object({ level: z.coerce.number().int().min(0).max(5) }),
]);

/** The kit as the page's address asks for it, its paper guessed from the browser's language. */
export function kitOnPage(
  services: AppServices,
  request: Request,
  url: URL,
  input: { userToken: string; locale: Locale },
) {
  const open = openQuery.safeParse(Object.fromEntries(url.searchParams));
  const region = languageRegion(request.headers.get("accept-language"));
  return loadKit(services, { ...input, region, invoices: devInvoices(url) }, open.success ? open.data : undefined);
}

/** The region of the browser's first language with one (`en-GB` → `GB`), to guess the paper. */
function languageRegion(header: string | null): string | undefined {
  for (const part of (header ?? "").split(",").slice(0, 6)) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(part.trim())?.[1];
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/** `printablesByInvoices=subscription,<upsellKind>` previews the area as if those were paid (the domain reads it on a developer's machine only). */
function devInvoices(url: URL) {
  const parsed = printablesQuery.shape.printablesByInvoices.safeParse(
    url.searchParams.get("printablesByInvoices") ?? undefined,
  );
  return parsed.success ? parsed.data : undefined;
}

/** The kit with one level's (or pack's) items: the current level unless the query names another. */
async function loadKit(
  services: AppServices,
  input: Parameters<typeof getPrintables>[1],
  open: { level: number } | { pack: string } | undefined,
) {
  try {
    const view = await getPrintables(services.printables, { ...input, expand: open ?? "current" });
    const group = view.printables[soldProduct];
    const shown = group?.core.find((level) => level.items.length > 0);
    return (
      group && {
        ...group,
        childName: view.child_name,
        paper: view.paper,
        week: view.week,
        months: view.months,
        nextMonth: view.next_month,
        open: open ?? (shown && { level: shown.number }),
      }
    );
  } catch (error) {
    // A parent without access to the kit (or an unknown token) sees the page without it.
    if (failureCode(error) !== undefined) return undefined;
    throw error;
  }
}
