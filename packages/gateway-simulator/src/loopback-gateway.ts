import type { AddressInfo } from "node:net";
import type { DbHandle } from "@kinderready/db/open-db";
import { createSolidgateGateway } from "@kinderready/domain/adapters/solidgate-gateway.server";
import type { PaymentGateway } from "@kinderready/domain/payments/payment-gateway";
import { fastify } from "fastify";
import { migrateSimulator } from "./simulator-migrations.ts";
import { type SimulatorOptions, simulatorPlugin } from "./simulator-plugin.ts";

/**
 * The simulator listening on a loopback port with the Solidgate adapter pointed at it: the
 * real HTTP path, for tests and benchmarks. Close it when done.
 */
export async function startLoopbackGateway(options: {
  /** Its tables are migrated here, after the product's. */
  database: DbHandle;
  now: () => Date;
  settleMs?: number;
  webhook?: SimulatorOptions["webhook"];
}): Promise<{
  gateway: PaymentGateway;
  payUrl: string;
  publicUrl: string;
  keys: { publicKey: string; secretKey: string };
  close: () => Promise<void>;
}> {
  const keys = {
    publicKey: "api_pk_loopback_simulator_000000000",
    secretKey: "api_sk_loopback_simulator_secret_0000000",
  };
  await migrateSimulator(options.database);
  const server = fastify();
  // The pages' address is only known once listening; the plugin reads it when a page is made.
  let publicUrl = "";
  await server.register((app) =>
    simulatorPlugin(app, {
      db: options.database.db,
      ...keys,
      get publicUrl() {
        return publicUrl;
      },
      settleMs: options.settleMs ?? 0,
      webhook: options.webhook,
      now: options.now,
    }),
  );
  await server.listen({ port: 0, host: "127.0.0.1" });
  publicUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const payUrl = `${publicUrl}/api/v1`;
  return {
    gateway: createSolidgateGateway({ ...keys, payUrl, pageUrl: payUrl }),
    payUrl,
    publicUrl,
    keys,
    close: () => server.close(),
  };
}
