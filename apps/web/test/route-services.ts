import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, type TestDatabase } from "@kinderready/db/test/test-databases";
import type { AppServices } from "@kinderready/domain/app-services";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { afterAll, beforeAll } from "vitest";

// Tests only: what a suite of page loader and action tests runs on.

export type RouteServices = {
  database: DbHandle;
  services: AppServices;
  /** The gateway simulator on a loopback port, the services' gateway. */
  loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
};

/**
 * A test database with the price catalogue, the gateway simulator over loopback HTTP and the
 * services over them: opened before the suite's tests, closed after. Read its fields in tests.
 */
export function routeServices(target: TestDatabase): RouteServices {
  const suite = {} as RouteServices;
  beforeAll(async () => {
    suite.database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: suite.database.db });
    suite.loopback = await startLoopbackGateway({ database: suite.database, now: () => new Date() });
    suite.services = testServices(suite.database.db, { send: async () => null }, suite.loopback.gateway);
  }, 60_000);
  afterAll(async () => {
    await suite.loopback?.close();
    await suite.database?.close();
  });
  return suite;
}
