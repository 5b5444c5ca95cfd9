import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import type { KitDocument } from "@kinderready/kit/book/book-document";
import {
  type AskedTopic,
  type ItemPlace,
  type KitItem,
  kit,
  type LevelNumber,
  type PackId,
} from "@kinderready/kit/catalogue";
import { kitContent } from "@kinderready/kit/content.server";
import { itemTitle, placeLabel } from "@kinderready/kit/item-text.server";
import type { Paper, RenderRequest } from "@kinderready/kit/render.server";
import { AppError, AppErrorCode } from "../app-error.ts";
import type { DownloadFile, DownloadScope } from "./download-links.server.ts";
import { type Access, assertOpen, childWeek, doneOf, knownTopics } from "./kit-progress.ts";
import { loadAccess, loadMarks, type PrintablesDeps } from "./printables.server.ts";
import { invoiceKinds } from "./printables-schema.ts";
import type { ItemMark } from "./week-plan.ts";

// The files behind the area's signed links: a level, a pack, every pack, one page of them, a book
// of the month or the child's week, drawn for the parent.

/**
 * What a verified download link renders, after checking again that the parent still has access
 * and the level is still open (access can end between the page and the click).
 */
export async function resolveDownload(
  deps: PrintablesDeps,
  input: {
    userId: string;
    scope: DownloadScope;
    file: DownloadFile;
    locale: Locale;
    paper: Paper;
    /** From a verified dev-preview link; read in IS_DEV only. */
    invoices?: string | undefined;
  },
): Promise<RenderRequest & { filename: string }> {
  const invoices = input.invoices ? invoicesFrom(input.invoices) : undefined;
  const access = await loadAccess(deps, { userId: input.userId }, invoices);
  const marks = await loadMarks(deps, access.user.id);
  const done = doneOf(marks);
  const { scope, locale } = input;
  const base = {
    locale,
    paper: input.paper,
    childName: access.user.kidName ?? undefined,
    childAge: access.user.kidAge ?? undefined,
    topics: askedTopics(access.user.topics, locale),
  };
  // The week and a book of the month are whole files, never one page of them.
  if ((scope.kind === "week" || scope.kind === "month") && input.file !== "all")
    throw new AppError(AppErrorCode.NotFound, "item", "Only the whole file can be downloaded");
  if (scope.kind === "week") return weekDownload(access, marks, base);
  if (scope.kind === "month") return monthDownload(access, scope.number, base);
  const items: { item: KitItem; place: ItemPlace }[] =
    scope.kind === "level"
      ? (kit.levels.find((level) => level.number === scope.number)?.items ?? []).map((item) => ({
          item,
          place: { level: scope.number as LevelNumber },
        }))
      : kit.packs
          .filter((pack) => scope.kind === "packs" || pack.id === scope.id)
          .flatMap((pack) => pack.items.map((item) => ({ item, place: { pack: pack.id } })));
  const first = items[0];
  if (!first) throw new AppError(AppErrorCode.NotFound, "scope", "No such level or pack");
  assertOpen(access, first.place, done);
  if (input.file === "all") {
    const document: KitDocument =
      scope.kind === "level"
        ? { kind: "level", number: scope.number as LevelNumber }
        : scope.kind === "pack"
          ? { kind: "pack", id: scope.id as PackId }
          : { kind: "packs" };
    const title = scope.kind === "packs" ? kitContent(locale).page.pack : placeLabel(first.place, locale);
    return { ...base, document, title, filename: `kinderready-${scopeSlugFor(scope)}-${locale}.pdf` };
  }
  const itemId = input.file.item;
  const entry = items.find(({ item }) => item.id === itemId);
  if (!entry) throw new AppError(AppErrorCode.NotFound, "item", "No such printable in this level or pack");
  return {
    ...base,
    document: { kind: "item", id: itemId },
    title: itemTitle(entry.item, locale),
    filename: `kinderready-${itemId}-${locale}.pdf`,
  };
}

/** A book of the month, once the monthly payment that opens it is made. */
function monthDownload(
  access: Access,
  number: number,
  base: Omit<RenderRequest, "document" | "title">,
): RenderRequest & { filename: string } {
  const month = kit.months.find((entry) => entry.number === number);
  if (!month) throw new AppError(AppErrorCode.NotFound, "scope", "No such book of the month");
  assertOpen(access, { month: month.number }, new Set());
  return {
    ...base,
    document: { kind: "month", number: month.number },
    title: placeLabel({ month: month.number }, base.locale),
    filename: `kinderready-month-${month.number}-${base.locale}.pdf`,
  };
}

/**
 * The child's week as one PDF: planned again from their marks now, in the level they are working
 * in, so a link opened later brings the pages that are next by then.
 */
function weekDownload(
  access: Access,
  marks: ReadonlyMap<string, ItemMark>,
  base: Omit<RenderRequest, "document" | "title">,
): RenderRequest & { filename: string } {
  if (!access.core)
    throw new AppError(AppErrorCode.NotFound, "token", "No access to the kit", "printables.errors.noAccess");
  const week = childWeek(access, marks, base.locale);
  if (!week) throw new AppError(AppErrorCode.NotFound, "scope", "Every level is done: no week to plan");
  const { t } = serverI18n(base.locale);
  const name = access.user.kidName?.trim();
  return {
    ...base,
    document: { kind: "week", level: week.level, items: week.entries.map((entry) => entry.itemId) },
    title: name ? t("printables.week.heading", { name }) : t("printables.week.headingNoName"),
    filename: `kinderready-week-${base.locale}.pdf`,
  };
}

/** The parent's quiz topics the kit knows, in the words the quiz showed them (a level's plan lists them). */
function askedTopics(topics: readonly string[], locale: Locale): AskedTopic[] {
  const { t } = serverI18n(locale);
  return knownTopics(topics).map((topic) => ({ topic, words: t(`purchase.topics.${topic}`) }));
}

function scopeSlugFor(scope: Exclude<DownloadScope, { kind: "week" } | { kind: "month" }>): string {
  return scope.kind === "level" ? `level-${scope.number}` : scope.kind === "pack" ? scope.id : "add-on-packs";
}

function invoicesFrom(list: string): (typeof invoiceKinds)[number][] {
  return list
    .split(",")
    .filter((kind): kind is (typeof invoiceKinds)[number] => (invoiceKinds as readonly string[]).includes(kind));
}
