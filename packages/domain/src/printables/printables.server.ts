import type { Database } from "@kinderready/db/open-db";
import { findKitItem } from "@kinderready/kit/catalogue";
import type { Paper } from "@kinderready/kit/render.server";
import { AppError, AppErrorCode } from "../app-error.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
import { upsellKind } from "../upsell-wire.ts";
import { type Access, assertOpen, doneOf, levelStates } from "./kit-progress.ts";
import { monthBooksOpen } from "./month-books.ts";
import {
  countPaidRenewals,
  deleteItemMark,
  findKitSubscription,
  findPrintablesParent,
  listItemMarks,
  listPackEntitlements,
  updateParentPaper,
  upsertItemMark,
} from "./printables-queries.server.ts";
import type { invoiceKinds } from "./printables-schema.ts";
import type { ItemMark } from "./week-plan.ts";

// The printables area: what a parent may open (the kit while the subscription gives access or
// access was granted by hand; a book of the month for each monthly payment; the add-on packs
// once bought), which levels are unlocked (each after the previous one is complete), what is
// done, and signed links to the files. Here: what a parent may open, and their marks and paper;
// the page is built in printables-view.server.ts, the files in resolve-download.server.ts.

export type PrintablesDeps = {
  db: Database;
  /** The origin links are built on. */
  appUrl: string;
  downloadUrlSecret: string;
  /** `printablesByInvoices` previews the kit as if paid: on a developer's own machine only. */
  devShortcuts: boolean;
  now: () => Date;
};

/** Who the parent is and what they may open; a developer's preview opens what the invoices name. */
export async function loadAccess(
  deps: PrintablesDeps,
  where: { token: string } | { userId: string },
  invoices?: readonly (typeof invoiceKinds)[number][],
): Promise<Access> {
  const user = await findPrintablesParent(deps.db, where);
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
  const [subscription, owned, renewals] = await Promise.all([
    findKitSubscription(deps.db, user.id),
    listPackEntitlements(deps.db, user.id),
    // Monthly payments kept: a renewal refunded gives its book back.
    countPaidRenewals(deps.db, user.id),
  ]);
  const core = user.isManualAccess || (subscription !== undefined && hasAccess(subscription, deps.now()));
  const everything = user.isManualAccess || subscription?.status === "lifetime";
  return {
    user,
    core,
    packs: owned.length > 0,
    months: core ? monthBooksOpen({ paidRenewals: renewals, everything }) : 0,
    subscription,
  };
}

/** What the parent marked on each item: done, or too hard for now. */
export async function loadMarks(deps: Pick<PrintablesDeps, "db">, userId: string): Promise<Map<string, ItemMark>> {
  const rows = await listItemMarks(deps.db, userId);
  return new Map(rows.map((row) => [row.itemId, row.mark === "too-hard" ? "too-hard" : "done"]));
}

async function loadDone(deps: Pick<PrintablesDeps, "db">, userId: string): Promise<Set<string>> {
  return doneOf(await loadMarks(deps, userId));
}

/** Saves the paper a parent prints on; every download link follows it from then on. */
export async function choosePaper(deps: PrintablesDeps, input: { userToken: string; paper: Paper }) {
  const updated = await updateParentPaper(deps.db, { userToken: input.userToken, paper: input.paper, now: deps.now() });
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
  const done = await loadDone(deps, access.user.id);
  assertOpen(access, found.place, done);
  const mark: ItemMark | undefined = input.done ? "done" : input.tooHard ? "too-hard" : undefined;
  if (mark) {
    await upsertItemMark(deps.db, { userId: access.user.id, itemId: input.itemId, mark, now: deps.now() });
    if (mark === "done") done.add(input.itemId);
    else done.delete(input.itemId);
  } else {
    await deleteItemMark(deps.db, { userId: access.user.id, itemId: input.itemId });
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
