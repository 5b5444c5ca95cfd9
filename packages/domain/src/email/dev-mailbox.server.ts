import type { Database } from "@kinderready/db/open-db";
import { listOutboxMail } from "./email-outbox-queries.server.ts";

/** The local outbox as the developers' mailbox page lists it: the latest 50 messages. */
export async function listDevMailbox(deps: { db: Database }) {
  return listOutboxMail(deps.db, 50);
}
