import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiKeyFor, ConfigError, loadConfig, toPublicConfig } from "./config.server.ts";

const prodPayments = {
  API_SECRET: "a-long-enough-secret",
  APP_URL: "https://kit.example/",
  PAYMENT_GATEWAY: "solidgate",
  SOLIDGATE_PUBLIC_KEY: "api_pk_test",
  SOLIDGATE_SECRET_KEY: "api_sk_test_secret",
  SOLIDGATE_WEBHOOK_PUBLIC_KEY: "wh_pk_test",
  SOLIDGATE_WEBHOOK_SECRET_KEY: "wh_sk_test_secret",
};

describe("loadConfig", () => {
  it("gives working local defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      appEnv: "local",
      port: 3000,
      appUrl: "http://localhost:3000",
      apiUrl: "http://localhost:3000/api/v1",
      offerTimerTimeout: 60,
      isDev: true,
      isSentryDisabled: true,
      isAmplitudeDisabled: false,
      databaseUrl: undefined,
    });
  });

  it("keeps the embedded database in the repository's data folder by default", () => {
    expect(loadConfig({}).dataDir).toMatch(/\/data$/);
    expect(loadConfig({ DATA_DIR: "/var/lib/kit" }).dataDir).toBe("/var/lib/kit");
  });

  it("uses the prod defaults for the offer timer, dev flag and error reporting", () => {
    const config = loadConfig({ APP_ENV: "prod", ...prodPayments });
    expect(config).toMatchObject({
      offerTimerTimeout: 600,
      isDev: false,
      isSentryDisabled: false,
      appUrl: "https://kit.example",
    });
  });

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ APP_ENV: "staging" }, /APP_ENV/],
    [{ DATABASE_URL: "mysql://x@y/z" }, /DATABASE_URL must be a postgres/],
    [{ IS_DEV: "yes" }, /IS_DEV/],
    [{ APP_ENV: "prod", APP_URL: "https://kit.example" }, /API_SECRET is required/],
    [{ API_SECRET: "short" }, /API_SECRET must be at least 16/],
    [{ ...prodPayments, APP_ENV: "prod", PAYMENT_GATEWAY: "simulator" }, /PAYMENT_GATEWAY must be solidgate/],
    [{ PAYMENT_GATEWAY: "solidgate" }, /SOLIDGATE_PUBLIC_KEY is required/],
    [{ ...prodPayments, SOLIDGATE_SECRET_KEY: "sk_live_wrong_prefix" }, /SOLIDGATE_SECRET_KEY must start with api_sk_/],
  ])("names the variable when %j is wrong", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("derives every key from a secret made once per installation when API_SECRET is unset", () => {
    const one = mkdtempSync(join(tmpdir(), "kr-config-"));
    const other = mkdtempSync(join(tmpdir(), "kr-config-"));
    const first = loadConfig({ DATA_DIR: one });
    // The same installation keeps its keys across restarts; another installation has its own.
    expect(loadConfig({ DATA_DIR: one })).toMatchObject({ apiKey: first.apiKey, payments: first.payments });
    const second = loadConfig({ DATA_DIR: other });
    for (const key of ["apiKey", "downloadUrlSecret", "accessLinkSecret"] as const) {
      expect(second[key]).not.toBe(first[key]);
    }
    expect(second.payments.webhookSecretKey).not.toBe(first.payments.webhookSecretKey);
    expect(second.geo.cookieSecret).not.toBe(first.geo.cookieSecret);
    expect(first.payments.webhookSecretKey).toMatch(/^wh_sk_[\w-]{40,}$/);
    expect(first.apiKey).toBe(apiKeyFor(readFileSync(join(one, "installation-secret"), "utf8")));
    expect(statSync(join(one, "installation-secret")).mode & 0o077).toBe(0);
    // A configured secret wins, and the simulator's keys follow it.
    const configured = loadConfig({ DATA_DIR: one, API_SECRET: "a-long-enough-secret" });
    expect(configured.apiKey).toBe(apiKeyFor("a-long-enough-secret"));
    // The API's key is not the secret: every other key is derived from the secret.
    expect(configured.apiKey).not.toBe("a-long-enough-secret");
    expect(configured.payments.webhookSecretKey).not.toBe(first.payments.webhookSecretKey);
  });

  it("opens the developer's shortcuts on a developer's own machine only", () => {
    expect(loadConfig({}).devShortcuts).toBe(true);
    expect(loadConfig({ IS_DEV: "false" }).devShortcuts).toBe(false);
    for (const env of ["odin", "thor", "test"]) {
      const config = loadConfig({ APP_ENV: env, IS_DEV: "true" });
      expect(config.isDev).toBe(true);
      expect(config.devShortcuts).toBe(false);
    }
  });

  it("uses the in-process simulator by default, and Solidgate's hosts with the operator's keys", () => {
    expect(loadConfig({ PORT: "4000" }).payments).toMatchObject({
      gateway: "simulator",
      payUrl: "http://localhost:4000/gateway-simulator/api/v1",
    });
    expect(loadConfig(prodPayments).payments).toMatchObject({
      gateway: "solidgate",
      publicKey: "api_pk_test",
      payUrl: "https://pay.solidgate.com/api/v1",
      pageUrl: "https://payment-page.solidgate.com/api/v1",
    });
  });

  it("keeps secrets and database addresses out of the public part", () => {
    const publicConfig = toPublicConfig(
      loadConfig({ ...prodPayments, API_SECRET: "do-not-leak-this-secret", DATABASE_URL: "postgres://u:p@h/db" }),
    );
    const serialized = JSON.stringify(publicConfig);
    expect(serialized).not.toContain("do-not-leak-this-secret");
    expect(serialized).not.toContain("api_sk_");
    expect(serialized).not.toContain("wh_sk_");
    expect(serialized).not.toContain("postgres://");
    expect(serialized).not.toContain(loadConfig({ ...prodPayments }).accessLinkSecret);
  });

  it("creates the first console operator only from both ADMIN_ settings, and never makes them public", () => {
    expect(loadConfig({}).firstOperator).toBeUndefined();
    const config = loadConfig({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "a long passphrase" });
    expect(config.firstOperator).toEqual({ email: "owner@example.com", password: "a long passphrase" });
    expect(JSON.stringify(toPublicConfig(config))).not.toContain("a long passphrase");
    expect(() => loadConfig({ ADMIN_EMAIL: "owner@example.com" })).toThrow("must be set together");
    expect(() => loadConfig({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "short" })).toThrow(
      "ADMIN_PASSWORD must be at least 12 characters",
    );
  });

  it("shows the support chat only when an https address is configured", () => {
    expect(toPublicConfig(loadConfig({})).supportChatUrl).toBeUndefined();
    expect(toPublicConfig(loadConfig({ SUPPORT_CHAT_URL: "https://chat.example/kr" })).supportChatUrl).toBe(
      "https://chat.example/kr",
    );
    expect(() => loadConfig({ SUPPORT_CHAT_URL: "http://chat.example/kr" })).toThrow(
      "SUPPORT_CHAT_URL must be an https URL",
    );
  });

  it("turns each forwarding destination on only when all its keys are set, and never makes a secret public", () => {
    expect(loadConfig({}).forwarding).toEqual({
      meta: undefined,
      ga4: undefined,
      tiktok: undefined,
      amplitude: undefined,
    });
    const all = {
      META_PIXEL_ID: "1234567890",
      META_CAPI_TOKEN: "meta-secret-token",
      GA4_MEASUREMENT_ID: "G-ABC123",
      GA4_API_SECRET: "ga4-secret",
      TIKTOK_PIXEL_CODE: "CTIKTOK123",
      TIKTOK_ACCESS_TOKEN: "tiktok-secret",
      AMPLITUDE_API_KEY: "amplitude-key",
    };
    const config = loadConfig(all);
    expect(config.forwarding).toEqual({
      meta: { pixelId: "1234567890", accessToken: "meta-secret-token", url: "https://graph.facebook.com/v25.0" },
      ga4: { measurementId: "G-ABC123", apiSecret: "ga4-secret", url: "https://www.google-analytics.com" },
      tiktok: { pixelCode: "CTIKTOK123", accessToken: "tiktok-secret", url: "https://business-api.tiktok.com" },
      amplitude: { apiKey: "amplitude-key", url: "https://api2.amplitude.com" },
    });
    expect(loadConfig({ ...all, IS_AMPLITUDE_DISABLED: "true" }).forwarding.amplitude).toBeUndefined();
    // The pixel id alone serves the browser pixel; the server side stays off.
    expect(loadConfig({ META_PIXEL_ID: "1234567890" }).forwarding.meta).toBeUndefined();
    expect(() => loadConfig({ META_CAPI_TOKEN: "meta-secret-token" })).toThrow(
      "META_CAPI_TOKEN is set without META_PIXEL_ID",
    );

    const publicConfig = JSON.stringify(toPublicConfig(config));
    expect(publicConfig).toContain("1234567890");
    for (const secret of ["meta-secret-token", "ga4-secret", "tiktok-secret", "amplitude-key"]) {
      expect(publicConfig).not.toContain(secret);
    }
  });

  it("reports errors to Sentry only with a DSN and not disabled, and only then gives the browser the DSN", () => {
    const dsn = "https://public@o1.ingest.sentry.io/42";
    expect(loadConfig({ APP_ENV: "prod", ...prodPayments }).sentry).toBeUndefined();
    expect(loadConfig({ SENTRY_DSN: dsn }).sentry).toBeUndefined();
    expect(toPublicConfig(loadConfig({ SENTRY_DSN: dsn })).sentry).toBeUndefined();
    expect(
      loadConfig({ APP_ENV: "prod", ...prodPayments, SENTRY_DSN: dsn, IS_SENTRY_DISABLED: "true" }).sentry,
    ).toBeUndefined();
    const on = loadConfig({ APP_ENV: "prod", ...prodPayments, SENTRY_DSN: dsn });
    expect(on.sentry).toEqual({ dsn, environment: "prod", tracesSampleRate: 0 });
    expect(toPublicConfig(on).sentry?.dsn).toBe(dsn);
    expect(
      loadConfig({
        SENTRY_DSN: dsn,
        IS_SENTRY_DISABLED: "false",
        SENTRY_ENVIRONMENT: "staging",
        SENTRY_TRACES_SAMPLE_RATE: "0.1",
      }).sentry,
    ).toEqual({ dsn, environment: "staging", tracesSampleRate: 0.1 });
    expect(() => loadConfig({ SENTRY_TRACES_SAMPLE_RATE: "2" })).toThrow("SENTRY_TRACES_SAMPLE_RATE");
  });

  it("believes geo headers only behind a named proxy, and takes a lookup service with {ip}", () => {
    expect(loadConfig({}).geo).toMatchObject({ proxy: "none", serviceUrl: undefined, serviceTimeoutMs: 1500 });
    expect(loadConfig({ GEO_PROXY: "header", GEO_COUNTRY_HEADER: "x-country" }).geo).toMatchObject({
      proxy: "header",
      countryHeader: "x-country",
    });
    expect(() => loadConfig({ GEO_PROXY: "header" })).toThrow("GEO_COUNTRY_HEADER is required when GEO_PROXY=header");
    expect(() => loadConfig({ GEO_COUNTRY_HEADER: "x-country" })).toThrow("need GEO_PROXY=header");
    const url = "http://ip-api.com/json/{ip}?fields=countryCode,regionName,query";
    expect(loadConfig({ GEO_SERVICE_URL: url }).geo.serviceUrl).toBe(url);
    expect(() => loadConfig({ GEO_SERVICE_URL: "http://ip-api.com/json/" })).toThrow(ConfigError);
    expect(JSON.stringify(toPublicConfig(loadConfig({})))).not.toContain(loadConfig({}).geo.cookieSecret);
  });
});
