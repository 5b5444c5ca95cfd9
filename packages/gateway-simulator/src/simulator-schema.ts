import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The local payment gateway simulator's own books. It is a separate party: the product never
 * reads these, and a product that pays through the real gateway never creates them (they have
 * their own migrations, applied only where the simulator runs). Card tokens stand for a card the simulator's hosted form saw; orders are what
 * merchants asked it to charge, with the moment a processing order settles.
 */
export const gatewaySimulatorCards = pgTable("gateway_simulator_cards", {
  token: text("token").primaryKey(),
  cardNumber: text("card_number").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const gatewaySimulatorOrders = pgTable("gateway_simulator_orders", {
  orderId: text("order_id").primaryKey(),
  merchant: text("merchant").notNull(),
  kind: text("kind").notNull(),
  status: text("status").notNull(),
  /** The status the order reaches once it settles. */
  finalStatus: text("final_status"),
  errorCode: text("error_code"),
  amount: integer("amount").notNull(),
  refundedAmount: integer("refunded_amount").notNull().default(0),
  currency: text("currency").notNull(),
  description: text("description"),
  cardToken: text("card_token"),
  settlesAt: timestamp("settles_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Hosted payment pages merchants asked the simulator for: the order to pay, until it expires. */
export const gatewaySimulatorPages = pgTable("gateway_simulator_pages", {
  guid: text("guid").primaryKey(),
  merchant: text("merchant").notNull(),
  orderId: text("order_id").notNull(),
  /** The merchant's order as sent to /init (amount, currency, return addresses, language). */
  order: jsonb("order").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
