import type { Locale } from "@kinderready/i18n/locales";
import { findKitItem, type KitItem, kit, type MonthNumber } from "@kinderready/kit/catalogue";
import { type KitContent, kitContent } from "@kinderready/kit/content.server";
import { itemSummary, itemTitle } from "@kinderready/kit/item-text.server";
import { defaultPaper, type Paper, renderKey } from "@kinderready/kit/render.server";
import { soldProduct } from "../product.ts";
import {
  type DownloadFile,
  type DownloadGrant,
  type DownloadScope,
  downloadLinkSeconds,
  signDownloadLink,
} from "./download-links.server.ts";
import { type Access, childWeek, doneOf, type LevelState, levelStates } from "./kit-progress.ts";
import { nextMonthBook } from "./month-books.ts";
import { loadAccess, loadMarks, type PrintablesDeps } from "./printables.server.ts";
import type { invoiceKinds, PrintableItemView, PrintableLevelView, PrintablesView } from "./printables-schema.ts";
import type { ItemMark } from "./week-plan.ts";

// The printables area as the page and the API show it: the levels with their progress, the
// child's week, the books of the month open so far, the add-on packs once bought, and a signed
// link to each file.

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
  const marks = access.core || access.packs ? await loadMarks(deps, access.user.id) : new Map<string, ItemMark>();
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
