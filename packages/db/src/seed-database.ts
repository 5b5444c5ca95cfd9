import type { Database } from "./open-db.ts";
import { settings } from "./schema.ts";

/**
 * Defaults the funnel needs on a fresh database. Idempotent: an operator's later edit wins
 * because existing keys are never overwritten.
 */
export const defaultSettings: Record<string, unknown> = {
  // Remote configuration parameter SPLITS_SC: the intro-offer test, A and B at 0.5 each.
  SPLITS_SC: [{ scope: "purchase", name: "intro-offer", groups: { A: 0.5, B: 0.5 } }],
  UPSELL_DISPLAY_MODE: "POPUP",
};

export async function seedDatabase(db: Database): Promise<void> {
  const rows = Object.entries(defaultSettings).map(([key, value]) => ({ key, value }));
  await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key });
}
