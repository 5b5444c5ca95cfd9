import type { Database, Transaction } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { AdConsent } from "./ad-consent.ts";

/** Sets the parent's ad consent and its time, only where the stored choice differs. */
export async function updateAdConsent(
  db: Database | Transaction,
  input: { userId: string; consent: AdConsent; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ adConsent: input.consent, adConsentAt: input.now })
    .where(and(eq(users.id, input.userId), or(isNull(users.adConsent), ne(users.adConsent, input.consent))));
}
