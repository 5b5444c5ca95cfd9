import type { Database } from "@kinderready/db/open-db";
import type { AdConsent } from "./ad-consent.ts";
import { updateAdConsent } from "./ad-consent-queries.server.ts";

/**
 * The banner's choice on the parent's record, for the conversions shared from the server; its
 * time moves only when the choice changes.
 */
export async function recordAdConsent(
  deps: { db: Database },
  input: { userId: string; consent: AdConsent; now: Date },
): Promise<void> {
  await updateAdConsent(deps.db, input);
}
