import type { Database } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { AdConsent } from "./ad-consent.ts";

/**
 * The banner's choice on the parent's record, for the conversions shared from the server; its
 * time moves only when the choice changes.
 */
export async function recordAdConsent(
  db: Database,
  input: { userId: string; consent: AdConsent; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ adConsent: input.consent, adConsentAt: input.now })
    .where(and(eq(users.id, input.userId), or(isNull(users.adConsent), ne(users.adConsent, input.consent))));
}
