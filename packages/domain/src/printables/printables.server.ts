import type { Database } from "@kinderready/db/open-db";
import { entitlements, orders, printableProgress, subscriptions, users } from "@kinderready/db/schema";
import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import type { KitDocument } from "@kinderready/kit/book/book-document";
import {
  type AskedTopic,
  findKitItem,
  firstEditionLevels,
  type ItemPlace,
  type KitItem,
  kit,
  type LevelNumber,
  type MonthNumber,
  type PackId,
  type QuizTopic,
  quizTopics,
} from "@kinderready/kit/catalogue";
import { type KitContent, kitContent } from "@kinderready/kit/content.server";
import { itemSummary, itemTitle, placeLabel } from "@kinderready/kit/item-text.server";
import { defaultPaper, type Paper, type RenderRequest, renderKey } from "@kinderready/kit/render.server";
import { and, count, eq, isNull } from "drizzle-orm";
import { AppError, AppErrorCode } from "../app-error.ts";
import { soldProduct } from "../product.ts";
import { hasAccess, type SubscriptionRow } from "../subscriptions/subscription-state.ts";
import { upsellKind } from "../upsell-wire.ts";
import {
  type DownloadFile,
  type DownloadGrant,
  type DownloadScope,
  downloadLinkSeconds,
  signDownloadLink,
} from "./download-links.server.ts";
import { monthBooksOpen, nextMonthBook } from "./month-books.ts";
import {
  invoiceKinds,
  type PrintableItemView,
  type PrintableLevelView,
  type PrintablesView,
} from "./printables-schema.ts";
import { type ItemMark, planWeek } from "./week-plan.ts";

// The printables area: what a parent may open (the kit while the subscription gives access or
// access was granted by hand; a book of the month for each monthly payment; the add-on packs
// once bought), which levels are unlocked (each after the previous one is complete), what is
// done, and signed links to the files.

export type PrintablesDeps = {
  db: Database;
  /** The origin links are built on. */
  appUrl: string;
  downloadUrlSecret: string;
  /** `printablesByInvoices` previews the kit as if paid: on a developer's own machine only. */
  devShortcuts: boolean;
  now: () => Date;
};

type Access = {
  user: {
    id: string;
    kidName: string | null;
    kidAge: number | null;
    countryCode: string | null;
    paper: string | null;
    topics: string[];
  };
  core: boolean;
  packs: boolean;
  /** How many books of the month are open (none without the kit). */
  months: number;
  subscription:
    | Pick<SubscriptionRow, "status" | "currentPeriodEnd" | "cancelAt" | "pauseFrom" | "periodDays">
    | undefined;
};

async function loadAccess(
  deps: PrintablesDeps,
  where: { token: string } | { userId: string },
  invoices?: readonly (typeof invoiceKinds)[number][],
): Promise<Access> {
  const [user] = await deps.db
    .select({
      id: users.id,
      kidName: users.kidName,
      kidAge: users.kidAge,
      countryCode: users.countryCode,
      paper: users.paper,
      topics: users.topics,
      isManualAccess: users.isManualAccess,
    })
    .from(users)
    .where(
      and(
        eq(users.product, soldProduct),
        "token" in where ? eq(users.token, where.token) : eq(users.id, where.userId),
        // An erased parent's row stays for accounting; its download links (signed with the row's
        // id, alive for a day) must open nothing, even while a cancelled period runs on.
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  if (!user)
    throw new AppError(AppErrorCode.NotFound, "token", "No parent with this token", "printables.errors.unknownUser");
  // A developer previews the area as if the named invoices were paid (IS_DEV only).
  if (invoices && deps.devShortcuts) {
    const core = invoices.includes("subscription") || invoices.includes("lifetime");
    return {
      user,
      core,
      packs: invoices.includes(upsellKind),
      months: monthBooksOpen({ paidRenewals: 0, everything: core }),
      subscription: undefined,
    };
  }
  const [[subscription], owned, [renewals]] = await Promise.all([
    deps.db
      .select({
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAt: subscriptions.cancelAt,
        pauseFrom: subscriptions.pauseFrom,
        periodDays: subscriptions.periodDays,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.product, soldProduct))),
    deps.db
      .select({ kind: entitlements.kind })
      .from(entitlements)
      .where(and(eq(entitlements.userId, user.id), eq(entitlements.kind, upsellKind))),
    // Monthly payments kept: a renewal refunded gives its book back.
    deps.db
      .select({ paid: count() })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.purpose, "renewal"), eq(orders.status, "approved"))),
  ]);
  const core = user.isManualAccess || (subscription !== undefined && hasAccess(subscription, deps.now()));
  const everything = user.isManualAccess || subscription?.status === "lifetime";
  return {
    user,
    core,
    packs: owned.length > 0,
    months: core ? monthBooksOpen({ paidRenewals: renewals?.paid ?? 0, everything }) : 0,
    subscription,
  };
}

/** What the parent marked on each item: done, or too hard for now. */
async function loadMarks(db: Database, userId: string): Promise<Map<string, ItemMark>> {
  const rows = await db
    .select({ itemId: printableProgress.itemId, mark: printableProgress.mark })
    .from(printableProgress)
    .where(eq(printableProgress.userId, userId));
  return new Map(rows.map((row) => [row.itemId, row.mark === "too-hard" ? "too-hard" : "done"]));
}

/** The items done: a page marked too hard is not, so its level stays open until it is. */
function doneOf(marks: ReadonlyMap<string, ItemMark>): Set<string> {
  return new Set([...marks].filter(([, mark]) => mark === "done").map(([id]) => id));
}

async function loadDone(db: Database, userId: string): Promise<Set<string>> {
  return doneOf(await loadMarks(db, userId));
}

/**
 * Levels unlocked in order: the trial is open, each next level after the previous is complete.
 * A level finished in the kit's first edition (other item ids) stays complete.
 */
function levelStates(done: Set<string>) {
  let previousComplete = true;
  return kit.levels.map((level) => {
    const doneCount = level.items.filter((item) => done.has(item.id)).length;
    const firstEdition = firstEditionLevels[String(level.number) as "0"] ?? [];
    const finishedBefore = firstEdition.length > 0 && firstEdition.every((id) => done.has(id));
    const completed = doneCount === level.items.length || finishedBefore;
    const state = { level, locked: !previousComplete, doneCount, completed };
    previousComplete = state.completed && !state.locked;
    return state;
  });
}

function link(deps: PrintablesDeps, grant: Omit<DownloadGrant, "expiresAt">, file: DownloadFile): string {
  // Rounded to the hour, so the links of one page load (and of reloads that hour) are identical.
  const hour = 3600;
  const expiresAt = Math.ceil(deps.now().getTime() / 1000 / hour) * hour + downloadLinkSeconds;
  return `${deps.appUrl}${signDownloadLink(deps.downloadUrlSecret, { ...grant, expiresAt }, file)}`;
}

/** Previews carry a version of the content, so they can be cached for a year. */
function previewUrl(deps: PrintablesDeps, item: KitItem, locale: Locale): string {
  return `${deps.appUrl}/printables/files/preview/${item.id}.svg?locale=${locale}&v=${contentVersion(locale)}`;
}

const versions = new Map<Locale, string>();
function contentVersion(locale: Locale): string {
  let version = versions.get(locale);
  if (!version) {
    version = renderKey({ document: { kind: "packs" }, locale, paper: "a4", title: "" }).slice(0, 10);
    versions.set(locale, version);
  }
  return version;
}

/** What the printables area is asked for. */
type PrintablesRequest = {
  userToken: string;
  locale: Locale;
  invoices?: readonly (typeof invoiceKinds)[number][];
  /**
   * Whose items to list: everything (the API), or, for the page to stay small, one level or
   * pack, or the current level (the first open one not yet complete).
   */
  expand?: "all" | "current" | { level: number } | { pack: string };
  /** The region of the browser's language (`GB` of en-GB), to guess the paper without a country. */
  region?: string | undefined;
};

export async function getPrintables(deps: PrintablesDeps, input: PrintablesRequest): Promise<PrintablesView> {
  const access = await loadAccess(deps, { token: input.userToken }, input.invoices);
  const view = await areaView(deps, access, input);
  const core = levelViews(view, access);
  const week = weekView(view, access);
  const next = access.core ? nextMonthBook(access.months, access.subscription) : undefined;
  return {
    week: week ?? null,
    months: monthViews(view, access),
    next_month: next
      ? { number: next.number, title: monthText(view, next.number).title, opens_on: next.opensOn.toISOString() }
      : null,
    printables: {
      [soldProduct]: { core, upsell: packViews(view, access) },
    } as PrintablesView["printables"],
    child_name: access.user.kidName,
    paper: view.grant.paper,
  };
}

type LevelState = ReturnType<typeof levelStates>[number];

/** What every part of the area is built from: the parent's marks and levels, and what their links grant. */
type AreaView = {
  deps: PrintablesDeps;
  locale: Locale;
  content: KitContent;
  marks: ReadonlyMap<string, ItemMark>;
  done: Set<string>;
  states: LevelState[];
  /** The parent's quiz topics: items about them are marked for them. */
  topics: Set<string>;
  grant: Omit<DownloadGrant, "expiresAt" | "scope">;
  /** Whether a level's or a pack's items are listed. */
  expanded: (scope: { level: number } | { pack: string }) => boolean;
};

async function areaView(deps: PrintablesDeps, access: Access, input: PrintablesRequest): Promise<AreaView> {
  const paper = paperOf(access.user, input.region, input.locale);
  const { locale } = input;
  const content = kitContent(locale);
  const marks = access.core || access.packs ? await loadMarks(deps.db, access.user.id) : new Map<string, ItemMark>();
  const done = doneOf(marks);
  // Dev previews sign the invoices into their links, so the files open as the page did.
  const previewed = input.invoices && deps.devShortcuts ? input.invoices.join(",") : undefined;
  const states = levelStates(done);
  return {
    deps,
    locale,
    content,
    marks,
    done,
    states,
    topics: new Set(access.user.topics),
    grant: { userId: access.user.id, locale, paper, invoices: previewed },
    expanded: expansion(states, input.expand),
  };
}

/** Which levels and packs list their items: all, the one asked for, or the current level's. */
function expansion(states: LevelState[], requested: PrintablesRequest["expand"]): AreaView["expanded"] {
  const current = states.find((state) => !state.locked && !state.completed) ?? states.at(-1);
  const expand = requested === "current" ? { level: current?.level.number ?? 0 } : (requested ?? "all");
  return (scope) =>
    expand === "all" ||
    ("level" in scope && "level" in expand && scope.level === expand.level) ||
    ("pack" in scope && "pack" in expand && scope.pack === expand.pack);
}

/** An item as the area lists it; `scope` is where it may be downloaded from (none while its level is locked). */
function itemView(view: AreaView, item: KitItem, scope: DownloadScope | undefined): PrintableItemView {
  const { deps, content, locale } = view;
  const download = scope ? link(deps, { ...view.grant, scope }, { item: item.id }) : null;
  const card = item.kind === "activity" ? content.activities[item.id] : undefined;
  return {
    id: item.id,
    kind: item.kind,
    skill: item.skill,
    skill_title: content.skills[item.skill],
    title: itemTitle(item, locale),
    summary: itemSummary(item, locale),
    minutes: item.kind === "activity" ? item.minutes : null,
    for_you: item.topics.some((topic) => view.topics.has(topic)),
    done: view.done.has(item.id),
    too_hard: view.marks.get(item.id) === "too-hard",
    preview_url: previewUrl(deps, item, locale),
    download_url: download,
    print_url: download && `${download}&disposition=inline`,
    activity: scope && card ? { materials: card.materials, steps: card.steps, teaches: card.teaches } : null,
  };
}

/** The kit's levels, locked or open, with their progress (none without the kit). */
function levelViews(view: AreaView, access: Access): PrintableLevelView[] {
  if (!access.core) return [];
  const { deps, content } = view;
  return view.states.map(({ level, locked, doneCount, completed }) => ({
    number: level.number,
    title: content.levels[String(level.number) as "0"].title,
    description: content.levels[String(level.number) as "0"].description,
    locked,
    completed,
    progress: { done: doneCount, total: level.items.length },
    download_url: locked ? null : link(deps, { ...view.grant, scope: { kind: "level", number: level.number } }, "all"),
    items: view.expanded({ level: level.number })
      ? level.items.map((item) => itemView(view, item, locked ? undefined : { kind: "level", number: level.number }))
      : [],
  }));
}

/** The child's week ahead and its file (none without the kit, or once every level is done). */
function weekView(view: AreaView, access: Access) {
  const planned = access.core ? childWeek(access, view.marks, view.locale) : undefined;
  return (
    planned && {
      level: planned.level,
      download_url: link(view.deps, { ...view.grant, scope: { kind: "week" } }, "all"),
      items: planned.entries.map((entry) => {
        const item = findKitItem(entry.itemId)?.item;
        const hard = entry.easierFor ? findKitItem(entry.easierFor)?.item : undefined;
        return {
          id: entry.itemId,
          title: item ? itemTitle(item, view.locale) : entry.itemId,
          easier_for: hard ? itemTitle(hard, view.locale) : null,
        };
      }),
    }
  );
}

function monthText(view: AreaView, number: MonthNumber) {
  return view.content.months[String(number) as "1"];
}

/** The books of the month open so far. */
function monthViews(view: AreaView, access: Access) {
  return kit.months
    .filter((month) => month.number <= access.months)
    .map((month) => ({
      number: month.number,
      title: monthText(view, month.number).title,
      description: monthText(view, month.number).description,
      download_url: link(view.deps, { ...view.grant, scope: { kind: "month", number: month.number } }, "all"),
    }));
}

/** The add-on packs, once bought: all of them as one file, and each with its items. */
function packViews(view: AreaView, access: Access) {
  const { deps, content } = view;
  return {
    add_ons_all: access.packs
      ? { title: content.page.pack, download_url: link(deps, { ...view.grant, scope: { kind: "packs" } }, "all") }
      : null,
    add_ons: access.packs
      ? kit.packs.map((pack) => ({
          id: pack.id,
          title: content.packs[pack.id],
          download_url: link(deps, { ...view.grant, scope: { kind: "pack", id: pack.id } }, "all"),
          items: view.expanded({ pack: pack.id })
            ? pack.items.map((item) => itemView(view, item, { kind: "pack", id: pack.id }))
            : [],
        }))
      : [],
  };
}

function paperOf(user: Access["user"], region: string | undefined, locale: Locale): Paper {
  return user.paper === "a4" || user.paper === "letter" ? user.paper : defaultPaper(user.countryCode, region, locale);
}

/** Saves the paper a parent prints on; every download link follows it from then on. */
export async function choosePaper(deps: PrintablesDeps, input: { userToken: string; paper: Paper }) {
  const updated = await deps.db
    .update(users)
    .set({ paper: input.paper, updatedAt: deps.now() })
    .where(and(eq(users.product, soldProduct), eq(users.token, input.userToken)))
    .returning({ id: users.id });
  if (updated.length === 0)
    throw new AppError(AppErrorCode.NotFound, "token", "No parent with this token", "printables.errors.unknownUser");
  return { paper: input.paper };
}

/**
 * Marks an item done, too hard for now, or neither. Items of a locked level, or of packs not
 * bought, cannot be.
 */
export async function recordItemCompletion(
  deps: PrintablesDeps,
  input: { userToken: string; itemId: string; done: boolean; tooHard?: boolean | undefined },
) {
  const found = findKitItem(input.itemId);
  if (!found) throw new AppError(AppErrorCode.Invalid, "item_id", "No such printable", "printables.errors.unknownItem");
  const access = await loadAccess(deps, { token: input.userToken });
  const done = await loadDone(deps.db, access.user.id);
  assertOpen(access, found.place, done);
  const mark: ItemMark | undefined = input.done ? "done" : input.tooHard ? "too-hard" : undefined;
  if (mark) {
    await deps.db
      .insert(printableProgress)
      .values({ userId: access.user.id, itemId: input.itemId, mark })
      .onConflictDoUpdate({
        target: [printableProgress.userId, printableProgress.itemId],
        set: { mark, completedAt: deps.now() },
      });
    if (mark === "done") done.add(input.itemId);
    else done.delete(input.itemId);
  } else {
    await deps.db
      .delete(printableProgress)
      .where(and(eq(printableProgress.userId, access.user.id), eq(printableProgress.itemId, input.itemId)));
    done.delete(input.itemId);
  }
  const level = found.level;
  const state = level === undefined ? undefined : levelStates(done).find((entry) => entry.level.number === level);
  return {
    item_id: input.itemId,
    done: input.done,
    too_hard: mark === "too-hard",
    level: level ?? null,
    level_completed: state?.completed ?? false,
  };
}

function assertOpen(access: Access, place: ItemPlace, done: Set<string>) {
  if ("pack" in place) {
    if (!access.packs)
      throw new AppError(AppErrorCode.NotFound, "item_id", "Add-on packs not bought", "printables.errors.noAccess");
    return;
  }
  if (!access.core)
    throw new AppError(AppErrorCode.NotFound, "token", "No access to the kit", "printables.errors.noAccess");
  if ("month" in place) {
    if (place.month > access.months)
      throw new AppError(
        AppErrorCode.NotFound,
        "item_id",
        "This book of the month is not open yet",
        "printables.errors.noAccess",
      );
    return;
  }
  const state = levelStates(done).find((entry) => entry.level.number === place.level);
  if (state?.locked)
    throw new AppError(AppErrorCode.Conflict, "item_id", "This level is still locked", "printables.errors.locked");
}

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
  const marks = await loadMarks(deps.db, access.user.id);
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

/** The week ahead, in the level the child is working in (none once every level is done). */
function childWeek(access: Access, marks: ReadonlyMap<string, ItemMark>, locale: Locale) {
  const current = levelStates(doneOf(marks)).find((state) => !state.locked && !state.completed);
  if (!current) return undefined;
  const level = current.level.number;
  const topics = knownTopics(access.user.topics);
  return { level, entries: planWeek({ level, marks, topics, age: access.user.kidAge, locale }) };
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

function knownTopics(topics: readonly string[]): QuizTopic[] {
  return topics.filter((topic): topic is QuizTopic => (quizTopics as readonly string[]).includes(topic));
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
