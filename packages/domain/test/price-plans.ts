import type { Database } from "@kinderready/db/open-db";
import { pricePlans } from "@kinderready/db/schema";
import { and, eq } from "drizzle-orm";

/**
 * A seeded price plan: a kind's variant in a currency and split group. By default the initial
 * USD plan, in group A for the subscription (the groups it is split by) and "all" for the others.
 */
export async function seededPlan(
  db: Database,
  kind: string,
  {
    variant = "initial",
    currency = "USD",
    splitGroup = kind === "subscription" ? "A" : "all",
  }: { variant?: string; currency?: string; splitGroup?: string } = {},
) {
  const [row] = await db
    .select()
    .from(pricePlans)
    .where(
      and(
        eq(pricePlans.kind, kind),
        eq(pricePlans.variant, variant),
        eq(pricePlans.currency, currency),
        eq(pricePlans.splitGroup, splitGroup),
      ),
    );
  if (!row) throw new Error(`no ${variant} ${kind} plan in ${currency} for group ${splitGroup}`);
  return row;
}
