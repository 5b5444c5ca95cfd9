import { users } from "@kinderready/db/schema";

/**
 * The users columns a forwarding decision reads (`ForwardingSubject`), for a query to select
 * beside what else it needs.
 */
export const forwardingSubjectColumns = {
  erasedAt: users.erasedAt,
  adSharingOptOutAt: users.adSharingOptOutAt,
  mailingOptInCountry: users.mailingOptInCountry,
  adConsent: users.adConsent,
};
