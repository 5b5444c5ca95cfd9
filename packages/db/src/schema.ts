import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Operator-editable settings read by the funnel (remote configuration: split definitions,
 * upsell display mode, offer timer). A key-value table keeps each setting validated by
 * the zod schema of the feature that owns it.
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A parent, identified by the bearer token in their links. The email is unique per product
 * (stored lower-case). Personal data lives here and in the tables below, all of it erasable.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    product: text("product").notNull(),
    email: text("email"),
    locale: text("locale").notNull(),
    countryCode: text("country_code"),
    region: text("region"),
    flow: text("flow").notNull(),
    purchasePath: text("purchase_path").notNull(),
    kidName: text("kid_name"),
    kidAge: integer("kid_age"),
    /** The paper the parent chose for the printables ("a4" or "letter"); null: guessed from country and language. */
    paper: text("paper"),
    kidAgeText: text("kid_age_text"),
    topics: text("topics").array().notNull().default([]),
    isForbiddenToMailing: boolean("is_forbidden_to_mailing").notNull().default(false),
    /**
     * When the parent last stopped marketing mail, and how: "profile", "email-link" (an email's
     * unsubscribe link) or "one-click" (the mail client's unsubscribe button, RFC 8058).
     */
    mailingOptOutAt: timestamp("mailing_opt_out_at", { withTimezone: true }),
    mailingOptOutVia: text("mailing_opt_out_via"),
    /** The country asks for opt-in consent (EU, EEA, UK, CH). */
    mailingOptInCountry: boolean("mailing_opt_in_country").notNull().default(false),
    ccpa: boolean("ccpa").notNull().default(false),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    timeZone: text("time_zone"),
    isManualAccess: boolean("is_manual_access").notNull().default(false),
    /** "Do not sell or share" (button, profile or a Global Privacy Control signal): no ad-platform forwarding. */
    adSharingOptOutAt: timestamp("ad_sharing_opt_out_at", { withTimezone: true }),
    /**
     * Ad cookies and forwarding where the law asks first (opt-in countries): "granted" or
     * "denied" from the consent banner; null when never asked.
     */
    adConsent: text("ad_consent"),
    adConsentAt: timestamp("ad_consent_at", { withTimezone: true }),
    /** The parent asked for their data to be deleted: the row stays, anonymised, for the books. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /** The id the marketing-email service knows this parent by; as secret as the token. */
    marketingContactId: text("marketing_contact_id").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_product_email_unique").on(table.product, table.email)],
);

/**
 * The offers as the server made them to one parent, so the price charged never depends on what
 * a browser says: the subscription countdown's deadline (set when the price is first shown, the
 * same on every device and after every reload) and where the upsell offer stands (`initial`, the
 * `discount` after a "no, thanks", `ended` once the discount was closed).
 */
export const offerStates = pgTable("offer_states", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  offerDeadlineAt: timestamp("offer_deadline_at", { withTimezone: true }),
  upsellStage: text("upsale_stage").notNull().default("initial"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Signed-in parents: the cookie holds a random session id, the table only its SHA-256, so a
 * session is revoked by deleting its row (sign-out, deleting the data) and never equals the
 * parent's user token.
 */
export const parentSessions = pgTable(
  "parent_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * When the device proved it is the parent's: an emailed one-time link used on it, or a
     * payment it started that settled. Null for a session that only typed an email (the quiz),
     * which opens the parent's pages but never spends money or changes the account.
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (table) => [index("parent_sessions_user").on(table.userId)],
);

/** Quiz answers in the order they were given. */
export const quizAnswers = pgTable(
  "quiz_answers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    position: integer("position").notNull(),
    answer: jsonb("answer").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.questionId] })],
);

/** Where the parent came from (the ad click ids and UTM labels of the landing). */
export const attributions = pgTable("attributions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  utmCampaign: text("utm_campaign"),
  utmMedium: text("utm_medium"),
  utmSource: text("utm_source"),
  utmContent: text("utm_content"),
  gclid: text("gclid"),
  clientId: text("client_id"),
  fbPixelId: text("fb_pixel_id"),
  fbc: text("fbc"),
  fbp: text("fbp"),
  fbclid: text("fbclid"),
  ttclid: text("ttclid"),
  firstVisitId: text("first_visit_id"),
  organic: boolean("organic").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const emailStatuses = ["queued", "sent", "failed", "skipped"] as const;

/**
 * Every email the product sends: a transactional outbox the email job drains. Mail to support
 * (the contact form) may come from nobody we know: no user.
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The first time one of its links was followed (each link is signed for the message), and how often. */
    firstClickedAt: timestamp("first_clicked_at", { withTimezone: true }),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [uniqueIndex("email_messages_once").on(table.userId, table.kind, table.recipient)],
);

/** The local mail drop used when no SMTP server is configured; read at the dev mailbox page. */
export const emailOutbox = pgTable("email_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  /** The complete MIME message as it would go over SMTP. */
  raw: text("raw").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The price catalogue, seeded from packages/domain/src/pricing/price-catalogue.ts: what the
 * offer shows, what the gateway is asked to charge and what the ledger records. Minor units.
 */
export const pricePlans = pgTable(
  "price_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    product: text("product").notNull(),
    kind: text("kind").notNull(),
    variant: text("variant").notNull(),
    splitGroup: text("split_group").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    oldAmount: integer("old_amount"),
    discountPercent: integer("discount_percent"),
    trialDays: integer("trial_days"),
    periodDays: integer("period_days"),
    renewalAmount: integer("renewal_amount"),
    productName: text("product_name").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("price_plans_key").on(table.product, table.kind, table.variant, table.splitGroup, table.currency),
  ],
);

/**
 * Every charge the product asks a gateway for. The order id is created, and stored, before the
 * first attempt: it is the gateway's idempotency key, and a time-out is resolved by asking for
 * its status, never by charging again under a new id.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: text("order_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** subscription (first payment), renewal, upsell or lifetime. */
    purpose: text("purpose").notNull(),
    /** What makes a retry the same charge: e.g. the renewal's period, or the upsell's product. */
    idempotencyKey: text("idempotency_key").notNull(),
    pricePlanId: uuid("price_plan_id")
      .notNull()
      .references(() => pricePlans.id),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    gateway: text("gateway").notNull(),
    status: text("status").notNull().default("created"),
    errorCode: text("error_code"),
    /** An upsell's display mode (POPUP or TABS) when it was bought, for its take rate by mode. */
    upsellMode: text("upsell_mode"),
    /** The upsell offer's price variant on the parent's screen (initial or catchy) when bought. */
    upsellVariant: text("upsell_variant"),
    /** The session (its id's SHA-256) of the device that went to pay on the gateway's page: verified once it is paid. */
    checkoutSessionHash: text("checkout_session_hash"),
    /**
     * Why the product refunds this charge by itself, once it is paid: "duplicate" for a first
     * payment that settled while the parent already had a subscription (two payment pages),
     * "offer_ended" for an intro price paid past its countdown, "erased" for a payment that
     * settled after the parent erased their data.
     */
    refundReason: text("refund_reason"),
    /**
     * The last moment its price may be paid (an intro price: the countdown and its grace). A
     * payment the gateway approves later than this, and the minutes a payment takes, is owed back.
     */
    payableUntil: timestamp("payable_until", { withTimezone: true }),
    /**
     * When the parent, buying where the right of withdrawal applies, expressly asked for access at
     * once and acknowledged that the right ends with it: the receipt confirms it. Null elsewhere.
     */
    immediateAccessConsentAt: timestamp("immediate_access_consent_at", { withTimezone: true }),
    /**
     * A renewal the parent went to pay with another card on the gateway's page: its decline is
     * the parent's own attempt, not a dunning retry. Cleared if the stored card is charged for it.
     */
    viaPaymentPage: boolean("via_payment_page").notNull().default(false),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("orders_idempotency").on(table.userId, table.idempotencyKey),
    // The console's revenue report reads orders by the day they were made.
    index("orders_created").on(table.createdAt),
    // One upsell charge of each kind in flight per parent, whatever price or attempt was asked for.
    uniqueIndex("orders_one_open_upsell")
      .on(table.userId, table.purpose)
      .where(sql`status in ('created', 'processing') and purpose in ('upsale', 'lifetime')`),
    // The charges the product still owes back (reconciliation refunds them every minute).
    index("orders_refund_due").on(table.orderId).where(sql`refund_reason is not null and status = 'approved'`),
  ],
);

/** A parent's subscription: trial, renewals every period, dunning, cancellation, lifetime. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    product: text("product").notNull(),
    status: text("status").notNull(),
    pricePlanId: uuid("price_plan_id")
      .notNull()
      .references(() => pricePlans.id),
    renewalAmount: integer("renewal_amount").notNull(),
    currency: text("currency").notNull(),
    periodDays: integer("period_days").notNull(),
    /** The gateway's token for merchant-initiated charges on the parent's card. */
    cardToken: text("card_token"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    failedRenewals: integer("failed_renewals").notNull().default(0),
    /**
     * Cards the parent typed on the gateway's page that were declined for the renewal now
     * overdue: each such try is a new order for it, while the retries keep their schedule.
     */
    cardUpdateDeclines: integer("card_update_declines").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** high_price, unable_to_get_content, unable_to_get_app_access or other. */
    cancelReason: text("cancel_reason"),
    /** What the parent wrote with "Other"; erased with their data. */
    cancelComment: text("cancel_comment"),
    /**
     * A cancellation asked for a later date: renewals go on until the period that holds this
     * date has ended, and the subscription is then cancelled instead of charged.
     */
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    /** The period end (the trial's, then each renewal's) the notice before its charge went out for: one notice per charge. */
    chargeNoticeFor: timestamp("charge_notice_for", { withTimezone: true }),
    /**
     * A pause the parent asked for: from this moment (the end of the period paid for) nothing is
     * charged and the kit is closed until `resumesAt`, when renewals go on. Null when none.
     */
    pauseFrom: timestamp("pause_from", { withTimezone: true }),
    resumesAt: timestamp("resumes_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("subscriptions_one_per_product").on(table.userId, table.product),
    index("subscriptions_cancelled").on(table.cancelledAt).where(sql`cancelled_at is not null`),
  ],
);

/**
 * Every cancellation received, from the profile, the console or the public cancel page (which
 * anyone may use with an email address): what was declared, when it was received and what it
 * did, kept as the proof the law asks for. The address and the reason are erased with the
 * parent's data.
 */
export const cancellationRequests = pgTable(
  "cancellation_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** cancel-page, profile or console. */
    channel: text("channel").notNull(),
    /** The address typed on the cancel page. */
    email: text("email"),
    /** ordinary, or extraordinary (for a good reason, ending at once). */
    kind: text("kind").notNull(),
    reason: text("reason"),
    /** The end the parent asked for; null for the earliest possible date. */
    requestedEnd: timestamp("requested_end", { withTimezone: true }),
    /** cancelled, scheduled, already-ended or no-subscription. */
    outcome: text("outcome").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("cancellation_requests_received").on(table.receivedAt)],
);

/**
 * One pass through the signed-in cancel flow: the reason given, the answer the product offered
 * for it (a pause, lifetime access, help, or none), and how it ended (saved or cancelled; null
 * while undecided or when the parent walked away). What the operator's retention figures count.
 */
export const cancelFlowSessions = pgTable(
  "cancel_flow_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** not_using_now, high_price, unable_to_get_content, unable_to_get_app_access or other. */
    reason: text("reason").notNull(),
    /** What the parent wrote with "Other"; erased with their data. */
    comment: text("comment"),
    /** pause, lifetime, help or none. */
    offer: text("offer").notNull(),
    /** saved or cancelled; null until the parent decides. */
    outcome: text("outcome"),
    /** What saved it: e.g. "pause:2" (periods), "lifetime", "help". */
    savedBy: text("saved_by"),
    /** The save-offer split's group the pass fell in, when that split was running: its offer, tried first. */
    experimentGroup: text("experiment_group"),
    /** The renewal amount (minor units) and currency at stake, for the revenue a save kept. */
    renewalAmount: integer("renewal_amount").notNull(),
    currency: text("currency").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    index("cancel_flow_sessions_started").on(table.startedAt),
    index("cancel_flow_sessions_user").on(table.userId),
  ],
);

/** What a parent owns; one row per fulfilled order, so fulfilment happens once. */
export const entitlements = pgTable("entitlements", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.orderId),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "restrict" }),
  kind: text("kind").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Append-only record of every charge, refund and subscription state change. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: text("order_id"),
    subscriptionId: uuid("subscription_id"),
    type: text("type").notNull(),
    amount: integer("amount"),
    currency: text("currency"),
    details: jsonb("details").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // By day for the revenue report; by parent for the console's customer page.
  (table) => [index("ledger_entries_time").on(table.createdAt), index("ledger_entries_user").on(table.userId)],
);

/** Gateway webhooks, stored under their unique event id before anything is done with them. */
export const webhookEvents = pgTable("webhook_events", {
  eventId: text("event_id").primaryKey(),
  gateway: text("gateway").notNull(),
  type: text("type").notNull(),
  body: text("body").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

/**
 * Conversions the funnel reports to ad platforms (an upsell bought, …), one per event and order,
 * recorded when they happen and forwarded later by a job.
 */
export const conversionEvents = pgTable(
  "conversion_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    orderId: text("order_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
    /** The parent's address and browser when they paid, for platforms that match on them; kept only with ad consent. */
    clientIp: text("client_ip"),
    userAgent: text("user_agent"),
  },
  (table) => [uniqueIndex("conversion_events_once").on(table.event, table.orderId)],
);

/**
 * Printables and activities a parent marked done, or too hard for now; a level unlocks when the
 * previous one is done. A page marked too hard brings easier ones of its skill into the week.
 */
export const printableProgress = pgTable(
  "printable_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    /** "done" or "too-hard". */
    mark: text("mark").notNull().default("done"),
    /** When the mark was set. */
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);

/**
 * Sign-in links sent by email to a parent on a new device. The link carries the id and an HMAC
 * of it, so the database never holds a usable secret; a link works once, until it expires.
 */
export const accessLinks = pgTable("access_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attempts at actions that send email on a stranger's say-so (access links, the contact form),
 * by a hashed key (an address, a client address): counted in a window to limit them.
 */
export const requestThrottle = pgTable(
  "request_throttle",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("request_throttle_key").on(table.key, table.createdAt)],
);

/** Messages from the contact form; each goes to support as an email through `email_messages`. */
export const supportRequests = pgTable("support_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The signed-in parent who wrote, if any. */
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  locale: text("locale").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Product-analytics events from the browser (quiz and purchase steps, errors), in batches. No
 * foreign key: ingestion is the hottest write path and data erasure deletes by user id itself.
 * The browser's event id makes a re-sent batch harmless and is shared with the ad pixel.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: uuid("event_id").notNull(),
    name: text("name").notNull(),
    userId: uuid("user_id"),
    /** The first-party device cookie (365 days); also the first-visit id. */
    deviceId: text("device_id").notNull(),
    /** When the session began, in ms (30 minutes of silence start a new one). */
    sessionId: bigint("session_id", { mode: "number" }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** The page's path, never its query (which may hold a token). */
    page: text("page"),
    properties: jsonb("properties").notNull().default({}),
    /** User properties at the time, such as split-test groups. */
    userProperties: jsonb("user_properties").notNull().default({}),
  },
  (table) => [
    uniqueIndex("analytics_events_event_id").on(table.eventId),
    index("analytics_events_user").on(table.userId),
    index("analytics_events_name_time").on(table.name, table.occurredAt),
  ],
);

/**
 * The analytics payload (`POST /analytics`): who the visitor is, where they
 * came from and on what device, once per page that sends it. The email is not stored here.
 */
export const analyticsVisits = pgTable(
  "analytics_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id"),
    deviceId: text("device_id"),
    ua: text("ua"),
    platform: text("platform"),
    browserName: text("browser_name"),
    browserVersion: text("browser_version"),
    deviceVendor: text("device_vendor"),
    deviceModel: text("device_model"),
    locale: text("locale").notNull(),
    host: text("host"),
    countryCode: text("country_code"),
    utmCampaign: text("utm_campaign"),
    utmMedium: text("utm_medium"),
    utmSource: text("utm_source"),
    gclid: text("gclid"),
    clientId: text("client_id"),
    fbPixelId: text("fb_pixel_id"),
    fbc: text("fbc"),
    fbp: text("fbp"),
    fbclid: text("fbclid"),
    ttclid: text("ttclid"),
    /** purchase_url or upsale_url without its query. */
    pageUrl: text("page_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("analytics_visits_user").on(table.userId)],
);

/** The first time a user saw a split's variant: logged once per user and split. */
export const splitExposures = pgTable(
  "split_exposures",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    splitName: text("split_name").notNull(),
    group: text("group").notNull(),
    exposedAt: timestamp("exposed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.splitName] })],
);

/**
 * The periods a split ran with one set of groups, weights and control: starting it, changing a
 * weight, choosing another control or stopping it ends the open phase and opens the next, so
 * the sample-ratio check compares each period with the weights that were in force.
 */
export const splitPhases = pgTable(
  "split_phases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    splitName: text("split_name").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Null while the phase is the current one. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The groups and their weights in force: [{ name, weight }]. */
    groups: jsonb("groups").notNull(),
    control: text("control").notNull(),
    /** False for the phase after a stop: nobody new is exposed. */
    running: boolean("running").notNull(),
  },
  (table) => [index("split_phases_split").on(table.splitName, table.startedAt)],
);

export const conversionDestinations = ["meta", "ga4", "tiktok", "amplitude"] as const;
export const deliveryStatuses = ["pending", "delivered", "skipped", "failed"] as const;

/**
 * Each conversion's delivery to each configured ad platform: retried with back-off until
 * delivered or given up; "skipped" when consent or an opt-out forbids it.
 */
export const conversionDeliveries = pgTable(
  "conversion_deliveries",
  {
    conversionId: uuid("conversion_id")
      .notNull()
      .references(() => conversionEvents.id, { onDelete: "cascade" }),
    destination: text("destination", { enum: conversionDestinations }).notNull(),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [
    primaryKey({ columns: [table.conversionId, table.destination] }),
    index("conversion_deliveries_due").on(table.status, table.nextAttemptAt),
  ],
);

/** The operator console's accounts: email and an argon2id password hash. */
export const operators = pgTable("operators", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /**
   * No longer written or read, as `lockedUntil`: wrong passwords are counted in `request_throttle`
   * per email, known or not, and slow sign-ins down instead of locking (ADR 0060). Dropped later.
   */
  failedLogins: integer("failed_logins").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Signed-in operators: the cookie holds a random token, the table only its SHA-256. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    /** Sent back with every change the operator makes (a form field), never read from a cookie. */
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("operator_sessions_operator").on(table.operatorId)],
);

/**
 * Wrong passwords per operator and source address, as they were counted before ADR 0060 (now in
 * `request_throttle`, per email, known or not); no longer written, pruned, and dropped later.
 */
export const operatorSignInFailures = pgTable(
  "operator_sign_in_failures",
  {
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.operatorId, table.address] })],
);

/**
 * Sign-in links emailed to an operator (the way in while a password is locked or forgotten).
 * The link carries the id and an HMAC of it, so the table holds no usable secret; one use, short-lived.
 */
export const operatorSignInLinks = pgTable(
  "operator_sign_in_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("operator_sign_in_links_operator").on(table.operatorId)],
);

/** Every change made from the console, and every sign-in attempt: who, what, on what, when. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the system (the first operator created at start) and unknown sign-in attempts. */
    operatorId: uuid("operator_id").references(() => operators.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_log_time").on(table.createdAt), index("audit_log_target").on(table.target)],
);

/**
 * One row per visitor (device): how far through the funnel they got, as a bit per step
 * (packages/domain/src/analytics/funnel-steps.ts), and what the console filters by. Kept up to date
 * by analytics ingestion, so a funnel over a million events reads one row per visitor.
 */
/** A funnel row's steps reached within `days` of its first step: funnel_reach(), migration 0021. */
const reachWithin = (name: string, days: number) =>
  bigint(name, { mode: "bigint" })
    .notNull()
    .generatedAlwaysAs(sql.raw(`funnel_reach(steps, step_times, first_seen_at, last_seen_at, ${days * 86_400})`));

export const funnelVisitors = pgTable(
  "funnel_visitors",
  {
    deviceId: text("device_id").primaryKey(),
    /** Known once the parent left an email (the batch carried their token). */
    userId: uuid("user_id"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** Bit i set: the visitor reached funnel step i. */
    steps: bigint("steps", { mode: "bigint" }).notNull().default(sql`0`),
    /** Element i: when the visitor first reached funnel step i, in seconds since the epoch (null: not yet). */
    stepTimes: bigint("step_times", { mode: "number" }).array().notNull().default(sql`'{}'`),
    locale: text("locale"),
    countryCode: text("country_code"),
    /** main or copy_1, from the quiz or offer page they saw first. */
    flow: text("flow"),
    utmSource: text("utm_source"),
    utmCampaign: text("utm_campaign"),
    /** mobile, tablet or desktop. */
    device: text("device"),
    // Bit i set: step i first reached within 1, 7, 14 or 30 days of the first step (a step
    // recorded without a time counts at the last sighting). Kept by the database on every write,
    // so the funnel reads a bit, not an array element, per step and visitor.
    reach1d: reachWithin("reach_1d", 1),
    reach7d: reachWithin("reach_7d", 7),
    reach14d: reachWithin("reach_14d", 14),
    reach30d: reachWithin("reach_30d", 30),
  },
  (table) => [
    index("funnel_visitors_first_seen").on(table.firstSeenAt),
    index("funnel_visitors_user").on(table.userId),
  ],
);

/**
 * The general per-address rate limit's fixed-window counters, shared by every web process on
 * one PostgreSQL (Redis takes this over when REDIS_URL is set). Unlogged: a crash may forget
 * the last minute's counts, which costs nothing, and no request pays for a WAL write.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
});

export const reviewStatuses = ["pending", "approved", "rejected"] as const;

/**
 * Parents' own reviews of the kit, one per parent (writing again replaces it and sends it back
 * to pending). Only approved ones are shown, per language; personal data, erased with the parent.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The language it was written in: it is shown only to visitors reading that language. */
    locale: text("locale").notNull(),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    /** The first name the parent wants shown. */
    firstName: text("first_name").notNull(),
    /** The child's age in years, copied from the parent's answers when the review was written. */
    childAge: integer("child_age"),
    status: text("status", { enum: reviewStatuses }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: uuid("moderated_by").references(() => operators.id, { onDelete: "set null" }),
  },
  (table) => [
    // The purchase page's one query: a language's approved reviews, newest approval first (read backwards).
    index("reviews_shown").on(table.locale, table.status, table.moderatedAt),
    // The console's list: one status at a time, the latest written first.
    index("reviews_moderation").on(table.status, table.updatedAt),
    check("reviews_rating", sql`${table.rating} between 1 and 5`),
  ],
);
