import type { Database } from "@kinderready/db/open-db";
import { settings } from "@kinderready/db/schema";
import { eq } from "drizzle-orm";

/** The settings row the operator's countdown is stored in. */
export const offerTimerSettingKey = "OFFER_TIMER_TIMEOUT";

/** The operator's countdown setting as stored (anything, or nothing before it is set). */
export async function findOfferTimerSetting(db: Database): Promise<{ value: unknown } | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, offerTimerSettingKey));
  return row;
}
