import { randomBytes } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import { loadTestRedisUrl } from "@kinderready/config/config.server";
import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { type FastifyInstance, fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimitSharing } from "./shared-rate-limit.ts";

// Two web processes (two Fastify instances here) behind one balancer must count one address once.

const postgres = testDatabases().find((target) => target.databaseUrl);
const redisUrl = loadTestRedisUrl();
const stores = [
  ...(postgres ? [{ name: "PostgreSQL", redisUrl: undefined }] : []),
  ...(redisUrl ? [{ name: "Redis", redisUrl }] : []),
];

describe.skipIf(stores.length === 0 || !postgres)("per-address limits shared between processes", () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase(postgres as NonNullable<typeof postgres>);
  });
  afterAll(() => database.close());

  it.each(stores)("in $name: two processes together allow the limit once", async ({ redisUrl }) => {
    const sharing = createRateLimitSharing({ redisUrl }, database);
    // A namespace per run: Redis keeps counts between test runs for the window's minute.
    const namespace = `test-${randomBytes(4).toString("hex")}`;
    const processes: FastifyInstance[] = [];
    for (let i = 0; i < 2; i += 1) {
      const app = fastify();
      await app.register(rateLimit, { max: 10, timeWindow: "1 minute", ...sharing.share(namespace) });
      app.get("/", async () => "ok");
      processes.push(app);
    }
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 16; i += 1) {
        const answer = await (processes[i % 2] as FastifyInstance).inject({ url: "/", remoteAddress: "192.0.2.9" });
        statuses.push(answer.statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429, 429]);
      const other = await (processes[0] as FastifyInstance).inject({ url: "/", remoteAddress: "192.0.2.10" });
      expect(other.statusCode).toBe(200);
    } finally {
      for (const app of processes) await app.close();
      await sharing.close();
    }
  });
});
