import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, toPublicConfig } from "./config.server.ts";

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

  it("shows the support chat only when an https address is configured", () => {
    expect(toPublicConfig(loadConfig({})).supportChatUrl).toBeUndefined();
    expect(toPublicConfig(loadConfig({ SUPPORT_CHAT_URL: "https://chat.example/kr" })).supportChatUrl).toBe(
      "https://chat.example/kr",
    );
    expect(() => loadConfig({ SUPPORT_CHAT_URL: "http://chat.example/kr" })).toThrow(
      "SUPPORT_CHAT_URL must be an https URL",
    );
  });
});
