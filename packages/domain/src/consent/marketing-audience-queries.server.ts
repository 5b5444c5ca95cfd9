import { users } from "@kinderready/db/schema";
import { and, isNotNull, isNull, not, or, type SQL } from "drizzle-orm";

/**
 * The parents marketing mail may go to, as a condition on `users`: an address, not erased, mailing
 * not forbidden, and where the law asks for opt-in, an address they confirmed.
 */
export const mayReceiveMarketing = (): SQL =>
  and(
    isNull(users.erasedAt),
    isNotNull(users.email),
    not(users.isForbiddenToMailing),
    or(not(users.mailingOptInCountry), isNotNull(users.emailConfirmedAt)),
  ) as SQL;
