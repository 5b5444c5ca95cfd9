import { createLogger } from "@kinderready/config/logger";
import type { Database, DbHandle } from "@kinderready/db/open-db";
import { createMailSender } from "@kinderready/domain/adapters/mail-sender.server";
import { createSolidgateGateway } from "@kinderready/domain/adapters/solidgate-gateway.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { EmailQueue } from "@kinderready/domain/email/email-queue.server";
import { createLocalErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { createSplitConfig } from "@kinderready/domain/experiments/split-config.server";
import type { PaymentGateway } from "@kinderready/domain/payments/payment-gateway";
import { settleSubscriptionOrder } from "@kinderready/domain/payments/subscription-billing.server";
import { type FastifyInstance, fastify } from "fastify";
import { apiPlugin } from "../src/api-plugin.ts";

/** The key the route tests send as `x-api-key` (the API is given it as its key). */
export const testApiKey = "test-api-key-of-enough-length";

export const testAppUrl = "http://app.test";
export const testDownloadUrlSecret = "download-links-test-secret-0123456789";

export const testAccessLinkSecret = "test-access-link-secret";

export const testWebhookKeys = { publicKey: "wh_pk_route_tests", secretKey: "wh_sk_route_tests_0000000000" };

/**
 * The services on a test database. Without a gateway, payments go to a closed loopback port:
 * a test that pays passes the simulator's (see the gateway-simulator package).
 */
export function testServices(
  db: Database,
  jobs: EmailQueue,
  gateway: PaymentGateway = createSolidgateGateway({
    publicKey: "api_pk_none",
    secretKey: "api_sk_none",
    payUrl: "http://127.0.0.1:9/api/v1",
    pageUrl: "http://127.0.0.1:9/api/v1",
  }),
  now: () => Date = () => new Date(),
): AppServices {
  const splits = createSplitConfig({ db, log: createLogger({ level: "warn" }), groupKey: "test-split-group-key" });
  return {
    db,
    splits,
    emails: jobs,
    jobs,
    appUrl: testAppUrl,
    offerTimerTimeout: 600,
    forwardingDestinations: [],
    payments: { db, gateway, gatewayName: "simulator", now, onSettled: settleSubscriptionOrder({ now }), splits },
    webhookKeys: testWebhookKeys,
    account: {
      db,
      emails: jobs,
      now,
      sender: createMailSender({ from: "KinderReady <hello@example.com>", db }),
      supportEmail: "support@kinderready.test",
      accessLinkSecret: testAccessLinkSecret,
    },
    printables: { db, appUrl: testAppUrl, downloadUrlSecret: testDownloadUrlSecret, devShortcuts: true, now },
  };
}

/** The API alone under /api/v1, on a test database, for `inject()`. */
export async function buildTestApi(database: DbHandle, services: AppServices): Promise<FastifyInstance> {
  const app = fastify();
  await app.register(
    (api) =>
      apiPlugin(api, {
        apiKey: testApiKey,
        rateLimitMax: 10_000,
        ping: database.ping,
        services,
        errors: createLocalErrorReporter(createLogger({ level: "warn" })),
      }),
    { prefix: "/api/v1" },
  );
  await app.ready();
  return app;
}

/**
 * The first payment as a parent makes it: checkout, the card typed on the (simulator's) hosted
 * page, then the order status. Answers the final status.
 */
export async function payFirstPayment(
  app: FastifyInstance,
  userToken: string,
  card = "4067429974719265",
  country = "us",
) {
  const headers = { "x-api-key": testApiKey };
  const started = await app.inject({
    method: "POST",
    url: "/api/v1/purchase/checkout",
    headers,
    payload: {
      user_token: userToken,
      product: "kinderready",
      flow: "main",
      country_code: country,
      immediate_access: true,
      locale: "en",
      return_url: `${testAppUrl}/purchase/`,
    },
  });
  const { order_id, redirect_url } = started.json();
  await fetch(redirect_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ method: "card", number: card, expiry: "12/30", cvv: "123" }),
    redirect: "manual",
  });
  const status = await app.inject({
    method: "POST",
    url: "/api/v1/purchase/order-status",
    headers,
    payload: { order_id, user_token: userToken },
  });
  return status.json().status as string;
}
