import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Operator-editable settings read by the funnel (remote configuration: split definitions,
 * upsale display mode, offer timer). A key-value table keeps each setting validated by
 * the zod schema of the feature that owns it.
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
