import type { Database, Transaction } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { soldProduct } from "../product.ts";

// The parent's row as the profile reads and changes it. An erased parent is nobody.

/** The parent with this email address. */
export async function findParentIdByEmail(
  db: Database | Transaction,
  email: string,
): Promise<{ id: string } | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.product, soldProduct), eq(users.email, email), isNull(users.erasedAt)));
  return user;
}

/** The parent with this id, unless erased. */
export async function findUnerasedParentId(
  db: Database | Transaction,
  userId: string,
): Promise<{ id: string } | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)));
  return user;
}

/** The parent's consent choices and when they changed. */
export async function updateParentConsent(
  db: Database | Transaction,
  userId: string,
  values: Pick<
    Partial<typeof users.$inferInsert>,
    "isForbiddenToMailing" | "mailingOptOutAt" | "mailingOptOutVia" | "adSharingOptOutAt" | "updatedAt"
  >,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Records the opt-out of the parent with this token, unless already recorded; answers the rows changed. */
export async function updateAdSharingOptOut(
  db: Database | Transaction,
  token: string,
  values: { adSharingOptOutAt: Date; updatedAt: Date },
): Promise<{ id: string }[]> {
  return db
    .update(users)
    .set(values)
    .where(
      and(
        eq(users.token, token),
        eq(users.product, soldProduct),
        isNull(users.erasedAt),
        isNull(users.adSharingOptOutAt),
      ),
    )
    .returning({ id: users.id });
}
