import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

// The only module that reads process.env. Everything else receives a typed Config.

const appEnvs = ["local", "odin", "thor", "test", "prod"] as const;
export type AppEnv = (typeof appEnvs)[number];

/**
 * What one process does: `web` serves pages and the API and only enqueues jobs; `worker` runs the
 * background jobs (email, payment reconciliation, forwarding, schedules); `all` does both.
 */
export const processRoles = ["all", "web", "worker"] as const;
export type ProcessRole = (typeof processRoles)[number];

const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const optionalFlag = flag.optional();

const envSchema = z.object({
  APP_ENV: z.enum(appEnvs).default("local"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z.url().optional(),
  API_URL: z.url().optional(),
  API_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  DOWNLOAD_URL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PRINTABLES_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  PRINTABLES_RENDER_THREADS: z.coerce.number().int().min(1).max(32).default(1),
  OFFER_TIMER_TIMEOUT: z.coerce.number().int().positive().optional(),
  IS_DEV: optionalFlag,
  IS_AMPLITUDE_DISABLED: optionalFlag,
  IS_SENTRY_DISABLED: optionalFlag,
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
  E2E_API_URL: z.url().optional(),
  DATABASE_URL: z
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), "must be a postgres:// URL")
    .optional(),
  DATA_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL("../../../data", import.meta.url))),
  SUPPORT_EMAIL: z.email().default("support@kinderready.app"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  SUPPORT_CHAT_URL: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
  ARBITRATION_URL: z
    .url()
    .default(
      "https://commission.europa.eu/live-work-travel-eu/consumer-rights-and-complaints/resolve-your-consumer-complaint_en",
    ),
  APPLE_REFUND_URL: z.url().default("https://reportaproblem.apple.com/"),
  GOOGLE_REFUND_URL: z.url().default("https://support.google.com/googleplay/answer/2479637"),
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("KinderReady <hello@kinderready.app>"),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a lower-case header name")
    .optional(),
  GEO_REGION_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a lower-case header name")
    .optional(),
  GEO_PROXY: z.enum(["none", "cloudflare", "header"]).default("none"),
  GEO_SERVICE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .refine((url) => url.includes("{ip}"), "must contain {ip} where the address goes")
    .optional(),
  GEO_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  PAYMENT_GATEWAY: z.enum(["simulator", "solidgate"]).default("simulator"),
  SOLIDGATE_PUBLIC_KEY: z.string().startsWith("api_pk_", "must start with api_pk_").optional(),
  SOLIDGATE_SECRET_KEY: z.string().startsWith("api_sk_", "must start with api_sk_").optional(),
  SOLIDGATE_WEBHOOK_PUBLIC_KEY: z.string().startsWith("wh_pk_", "must start with wh_pk_").optional(),
  SOLIDGATE_WEBHOOK_SECRET_KEY: z.string().startsWith("wh_sk_", "must start with wh_sk_").optional(),
  SOLIDGATE_PAY_URL: z.url().default("https://pay.solidgate.com/api/v1"),
  SOLIDGATE_PAGE_URL: z.url().default("https://payment-page.solidgate.com/api/v1"),
  META_PIXEL_ID: z.string().regex(/^\d+$/, "must be the pixel's number").optional(),
  META_CAPI_TOKEN: z.string().min(1).optional(),
  META_CAPI_URL: z.url().default("https://graph.facebook.com/v25.0"),
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXXXXX")
    .optional(),
  GA4_API_SECRET: z.string().min(1).optional(),
  GA4_URL: z.url().default("https://www.google-analytics.com"),
  TIKTOK_PIXEL_CODE: z.string().min(1).optional(),
  TIKTOK_ACCESS_TOKEN: z.string().min(1).optional(),
  TIKTOK_URL: z.url().default("https://business-api.tiktok.com"),
  AMPLITUDE_API_KEY: z.string().min(1).optional(),
  AMPLITUDE_URL: z.url().default("https://api2.amplitude.com"),
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PROCESS_ROLE: z.enum(processRoles).default("all"),
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(60).optional(),
  REDIS_URL: z
    .url()
    .refine((url) => /^rediss?:\/\//.test(url), "must be a redis:// or rediss:// URL")
    .optional(),
});

export type Config = {
  appEnv: AppEnv;
  port: number;
  host: string;
  appUrl: string;
  apiUrl: string;
  /**
   * The key integrations send as `x-api-key`: derived from API_SECRET (`npm run api-key` prints
   * it), never the secret itself, from which every other key is derived.
   */
  apiKey: string;
  /** Signs printable download links; by default derived from API_SECRET. */
  downloadUrlSecret: string;
  /** Signs the emailed sign-in links; derived from API_SECRET. */
  accessLinkSecret: string;
  /** Places parents in split-test groups (prices depend on them); derived from API_SECRET. */
  splitGroupKey: string;
  /** Memory for rendered PDFs kept for repeat downloads. */
  printablesCacheBytes: number;
  /** Worker threads rendering PDFs. */
  printablesRenderThreads: number;
  offerTimerTimeout: number;
  isDev: boolean;
  /**
   * The developer's shortcuts that open what is otherwise paid or private (printables previewed as
   * if paid, the outbox at /dev/mailbox/, a country chosen in the address): on a developer's own
   * machine (APP_ENV=local) only, never on a shared environment.
   */
  devShortcuts: boolean;
  isAmplitudeDisabled: boolean;
  isSentryDisabled: boolean;
  /** Error reporting to Sentry; unset (nothing sent) when IS_SENTRY_DISABLED or without a DSN. */
  sentry: SentryConfig | undefined;
  e2eApiUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  supportEmail: string;
  /** The first operator of the console, created at start when both are set. */
  firstOperator: { email: string; password: string } | undefined;
  /** A hosted support chat the corner button opens; unset, there is no button. */
  supportChatUrl: string | undefined;
  /** Links the legal pages give: an out-of-court dispute body, the app stores' refund pages. */
  legalLinks: { arbitrationUrl: string; appleRefundUrl: string; googleRefundUrl: string };
  /** Unset: email goes to the outbox table, readable at /dev/mailbox/ with APP_ENV=local. */
  smtpUrl: string | undefined;
  mailFrom: string;
  geo: GeoConfig;
  rateLimitMax: number;
  payments: PaymentConfig;
  /** The Meta pixel the browser loads; public by nature (the CAPI token is not). */
  metaPixelId: string | undefined;
  forwarding: ForwardingConfig;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  role: ProcessRole;
  /** Mean event-loop delay past which new requests get 503 + Retry-After; 0 never sheds. */
  overloadEventLoopDelayMs: number;
  /**
   * How long an anonymous page's render is reused (ADR 0052); 0 renders every request, the
   * default on a developer's machine, where pages change as they are edited.
   */
  pageCacheTtlSeconds: number;
  /** Set: rate-limit counters live in Redis, shared by every web process. */
  redisUrl: string | undefined;
};

/**
 * How the visitor's country is found. `proxy`: whose headers to believe (`header`: the two named
 * ones); `serviceUrl`: an HTTP lookup for the rest; the cookie remembering the answer is signed.
 */
export type GeoConfig = {
  proxy: "none" | "cloudflare" | "header";
  countryHeader: string | undefined;
  regionHeader: string | undefined;
  serviceUrl: string | undefined;
  serviceTimeoutMs: number;
  cookieSecret: string;
};

/**
 * The payment gateway. `simulator` runs a local Solidgate look-alike inside this process, at
 * `/gateway-simulator/`, with fixed keys; `solidgate` talks to Solidgate with the operator's keys.
 */
export type PaymentConfig = {
  gateway: "simulator" | "solidgate";
  publicKey: string;
  secretKey: string;
  webhookPublicKey: string;
  webhookSecretKey: string;
  payUrl: string;
  pageUrl: string;
};

/**
 * Where conversions (and, for Amplitude, product-analytics events) are forwarded by background
 * jobs. Each destination is off (undefined) until all of its keys are set.
 */
export type ForwardingConfig = {
  meta: { pixelId: string; accessToken: string; url: string } | undefined;
  ga4: { measurementId: string; apiSecret: string; url: string } | undefined;
  tiktok: { pixelCode: string; accessToken: string; url: string } | undefined;
  /** Also off with IS_AMPLITUDE_DISABLED. */
  amplitude: { apiKey: string; url: string } | undefined;
};

/** What the browser may see: no secrets, no infrastructure addresses. */
/** The DSN is public by design (it only lets a client send events), so the browser may have it. */
export type SentryConfig = { dsn: string; environment: string; tracesSampleRate: number };

export type PublicConfig = Pick<
  Config,
  | "appEnv"
  | "appUrl"
  | "offerTimerTimeout"
  | "isDev"
  | "isAmplitudeDisabled"
  | "isSentryDisabled"
  | "sentry"
  | "supportEmail"
  | "supportChatUrl"
  | "legalLinks"
  | "metaPixelId"
> & {
  /** An ad pixel or an ad platform is configured: where the law asks first, the consent banner shows. */
  adsEnabled: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Without API_SECRET (never in prod), the secret every other key is derived from is made once
 * per installation: random, kept in the data folder (owner-only), shared by every process that
 * uses that folder. Nothing that signs or verifies is a constant anyone can read in the source.
 */
function installationSecret(dataDir: string): string {
  const file = join(dataDir, "installation-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      // Another process made it first: theirs is the one.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return readFileSync(file, "utf8").trim();
  }
}

const derive = (secret: string, purpose: string) => createHmac("sha256", secret).update(purpose).digest("base64url");

/** The API's key for this API_SECRET: HMAC-SHA256(API_SECRET, "api-key"), base64url. */
export const apiKeyFor = (apiSecret: string): string => derive(apiSecret, "api-key");

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? "is invalid"} (got ${JSON.stringify(env[name])})`,
    );
  }
  const e = parsed.data;
  const isProd = e.APP_ENV === "prod";
  if (isProd && !e.API_SECRET) throw new ConfigError("Invalid configuration: API_SECRET is required when APP_ENV=prod");
  if (isProd && !e.APP_URL) throw new ConfigError("Invalid configuration: APP_URL is required when APP_ENV=prod");
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const secret = e.API_SECRET ?? installationSecret(e.DATA_DIR);
  const apiUrl = (e.API_URL ?? `${appUrl}/api/v1`).replace(/\/+$/, "");
  // The embedded database belongs to one process: separate roles need a PostgreSQL server.
  if (e.PROCESS_ROLE !== "all" && !e.DATABASE_URL) {
    throw new ConfigError(`Invalid configuration: PROCESS_ROLE=${e.PROCESS_ROLE} needs DATABASE_URL`);
  }
  if (isProd && e.PAYMENT_GATEWAY === "simulator") {
    throw new ConfigError("Invalid configuration: PAYMENT_GATEWAY must be solidgate when APP_ENV=prod");
  }
  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    apiUrl,
    // A key of its own: a leaked API key says nothing about the secret the other keys come from.
    apiKey: apiKeyFor(secret),
    // A key of its own, so a leaked download link says nothing about the API secret.
    downloadUrlSecret: e.DOWNLOAD_URL_SECRET ?? derive(secret, "printable-download-links"),
    accessLinkSecret: derive(secret, "profile-access-links"),
    splitGroupKey: derive(secret, "split-test-groups"),
    printablesCacheBytes: e.PRINTABLES_CACHE_MB * 1024 * 1024,
    printablesRenderThreads: e.PRINTABLES_RENDER_THREADS,
    offerTimerTimeout: e.OFFER_TIMER_TIMEOUT ?? (isProd ? 600 : 60),
    isDev: e.IS_DEV ?? !isProd,
    devShortcuts: e.APP_ENV === "local" && (e.IS_DEV ?? true),
    isAmplitudeDisabled: e.IS_AMPLITUDE_DISABLED ?? false,
    isSentryDisabled: e.IS_SENTRY_DISABLED ?? !isProd,
    sentry:
      e.SENTRY_DSN && !(e.IS_SENTRY_DISABLED ?? !isProd)
        ? {
            dsn: e.SENTRY_DSN,
            environment: e.SENTRY_ENVIRONMENT ?? e.APP_ENV,
            tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
          }
        : undefined,
    e2eApiUrl: (e.E2E_API_URL ?? apiUrl).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    supportEmail: e.SUPPORT_EMAIL,
    firstOperator: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    supportChatUrl: e.SUPPORT_CHAT_URL,
    legalLinks: {
      arbitrationUrl: e.ARBITRATION_URL,
      appleRefundUrl: e.APPLE_REFUND_URL,
      googleRefundUrl: e.GOOGLE_REFUND_URL,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    geo: geoConfig(e, secret),
    rateLimitMax: e.RATE_LIMIT_MAX,
    payments: paymentConfig(e, appUrl, secret),
    metaPixelId: e.META_PIXEL_ID,
    forwarding: forwardingConfig(e),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    role: e.PROCESS_ROLE,
    overloadEventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
    pageCacheTtlSeconds: e.PAGE_CACHE_TTL_SECONDS ?? (e.APP_ENV === "local" ? 0 : 5),
    redisUrl: e.REDIS_URL,
  };
}

function paymentConfig(e: z.infer<typeof envSchema>, appUrl: string, secret: string): PaymentConfig {
  if (e.PAYMENT_GATEWAY === "simulator") {
    // The simulator's keys come from this installation's secret: anyone who can read the source
    // still cannot sign a webhook it would accept.
    const key = (prefix: string, purpose: string) => `${prefix}${derive(secret, `gateway-simulator-${purpose}`)}`;
    const url = `${appUrl}/gateway-simulator/api/v1`;
    return {
      gateway: "simulator",
      publicKey: key("api_pk_", "public"),
      secretKey: key("api_sk_", "secret"),
      webhookPublicKey: key("wh_pk_", "webhook-public"),
      webhookSecretKey: key("wh_sk_", "webhook-secret"),
      payUrl: url,
      pageUrl: url,
    };
  }
  const required = (name: keyof typeof e) => {
    const value = e[name];
    if (typeof value !== "string") {
      throw new ConfigError(`Invalid configuration: ${name} is required when PAYMENT_GATEWAY=solidgate`);
    }
    return value;
  };
  return {
    gateway: "solidgate",
    publicKey: required("SOLIDGATE_PUBLIC_KEY"),
    secretKey: required("SOLIDGATE_SECRET_KEY"),
    webhookPublicKey: required("SOLIDGATE_WEBHOOK_PUBLIC_KEY"),
    webhookSecretKey: required("SOLIDGATE_WEBHOOK_SECRET_KEY"),
    payUrl: e.SOLIDGATE_PAY_URL.replace(/\/+$/, ""),
    pageUrl: e.SOLIDGATE_PAGE_URL.replace(/\/+$/, ""),
  };
}

function forwardingConfig(e: z.infer<typeof envSchema>): ForwardingConfig {
  // An id alone is fine (the browser pixel uses it); a secret without its id is a mistake.
  const pairs = [
    ["META_CAPI_TOKEN", "META_PIXEL_ID"],
    ["GA4_API_SECRET", "GA4_MEASUREMENT_ID"],
    ["TIKTOK_ACCESS_TOKEN", "TIKTOK_PIXEL_CODE"],
  ] as const;
  for (const [secret, id] of pairs) {
    if (e[secret] && !e[id]) throw new ConfigError(`Invalid configuration: ${secret} is set without ${id}`);
  }
  const base = (url: string) => url.replace(/\/+$/, "");
  return {
    meta:
      e.META_PIXEL_ID && e.META_CAPI_TOKEN
        ? { pixelId: e.META_PIXEL_ID, accessToken: e.META_CAPI_TOKEN, url: base(e.META_CAPI_URL) }
        : undefined,
    ga4:
      e.GA4_MEASUREMENT_ID && e.GA4_API_SECRET
        ? { measurementId: e.GA4_MEASUREMENT_ID, apiSecret: e.GA4_API_SECRET, url: base(e.GA4_URL) }
        : undefined,
    tiktok:
      e.TIKTOK_PIXEL_CODE && e.TIKTOK_ACCESS_TOKEN
        ? { pixelCode: e.TIKTOK_PIXEL_CODE, accessToken: e.TIKTOK_ACCESS_TOKEN, url: base(e.TIKTOK_URL) }
        : undefined,
    amplitude:
      e.AMPLITUDE_API_KEY && !e.IS_AMPLITUDE_DISABLED
        ? { apiKey: e.AMPLITUDE_API_KEY, url: base(e.AMPLITUDE_URL) }
        : undefined,
  };
}

function geoConfig(e: z.infer<typeof envSchema>, secret: string): GeoConfig {
  // Headers anyone can send are read only where a proxy in front overwrites them.
  if (e.GEO_PROXY === "header" && !e.GEO_COUNTRY_HEADER) {
    throw new ConfigError("Invalid configuration: GEO_COUNTRY_HEADER is required when GEO_PROXY=header");
  }
  if (e.GEO_PROXY !== "header" && (e.GEO_COUNTRY_HEADER || e.GEO_REGION_HEADER)) {
    throw new ConfigError("Invalid configuration: GEO_COUNTRY_HEADER and GEO_REGION_HEADER need GEO_PROXY=header");
  }
  return {
    proxy: e.GEO_PROXY,
    countryHeader: e.GEO_COUNTRY_HEADER,
    regionHeader: e.GEO_REGION_HEADER,
    serviceUrl: e.GEO_SERVICE_URL,
    serviceTimeoutMs: e.GEO_SERVICE_TIMEOUT_MS,
    cookieSecret: derive(secret, "geo-cookie"),
  };
}

export function toPublicConfig(config: Config): PublicConfig {
  return {
    appEnv: config.appEnv,
    appUrl: config.appUrl,
    offerTimerTimeout: config.offerTimerTimeout,
    isDev: config.isDev,
    isAmplitudeDisabled: config.isAmplitudeDisabled,
    isSentryDisabled: config.isSentryDisabled,
    sentry: config.sentry,
    supportEmail: config.supportEmail,
    supportChatUrl: config.supportChatUrl,
    legalLinks: config.legalLinks,
    metaPixelId: config.metaPixelId,
    adsEnabled: Boolean(
      config.metaPixelId || config.forwarding.meta || config.forwarding.ga4 || config.forwarding.tiktok,
    ),
  };
}

/** Integration tests run on PGlite always, and also on this PostgreSQL server when it is set. */
export function loadTestDatabaseUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const url = z
    .url()
    .optional()
    .safeParse(env.TEST_DATABASE_URL || undefined);
  if (!url.success) throw new ConfigError(`Invalid configuration: TEST_DATABASE_URL is not a URL`);
  return url.data;
}

/** Tests of the shared rate-limit store also run against this Redis when it is set. */
export function loadTestRedisUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const url = z
    .url()
    .refine((value) => /^rediss?:\/\//.test(value))
    .optional()
    .safeParse(env.TEST_REDIS_URL || undefined);
  if (!url.success) throw new ConfigError(`Invalid configuration: TEST_REDIS_URL is not a redis:// URL`);
  return url.data;
}
