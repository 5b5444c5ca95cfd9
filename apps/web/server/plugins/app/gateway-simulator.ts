import type { Config } from "@kinderready/config/config.server";
import type { Database } from "@kinderready/db/open-db";
import { simulatorPlugin } from "@kinderready/gateway-simulator/simulator-plugin";
import type { FastifyInstance } from "fastify";

/**
 * The payment gateway simulator under /gateway-simulator, when it is the configured gateway: it
 * speaks the real gateway's protocol, and signs its webhooks to this product's API.
 */
export async function registerGatewaySimulator(
  app: FastifyInstance,
  { config, db }: { config: Pick<Config, "payments" | "appUrl" | "apiUrl">; db: Database },
): Promise<void> {
  const { payments } = config;
  if (payments.gateway !== "simulator") return;
  await app.register(
    (simulator) =>
      simulatorPlugin(simulator, {
        db,
        publicKey: payments.publicKey,
        secretKey: payments.secretKey,
        publicUrl: `${config.appUrl}/gateway-simulator`,
        webhook: {
          url: `${config.apiUrl}/solid/webhook`,
          publicKey: payments.webhookPublicKey,
          secretKey: payments.webhookSecretKey,
        },
        log: (message, details) => app.log.warn(details, message),
      }),
    { prefix: "/gateway-simulator" },
  );
}
