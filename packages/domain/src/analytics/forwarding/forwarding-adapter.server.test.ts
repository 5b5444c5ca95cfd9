import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlatformStub, startPlatformStub } from "../../../test/platform-stub.server.ts";
import { DeliveryError, postJson } from "./forwarding-adapter.server.ts";

describe("postJson", () => {
  let platform: PlatformStub;
  beforeAll(async () => {
    platform = await startPlatformStub({ ok: true });
  });
  afterAll(() => platform.close());
  beforeEach(() => platform.reset());

  it("answers the parsed body of a 2xx", async () => {
    await expect(postJson(`${platform.url}/x`, { a: 1 })).resolves.toEqual({ ok: true });
    expect(platform.requests[0]?.body).toEqual({ a: 1 });
  });

  it("retries 429 and 5xx but no other 4xx", async () => {
    for (const [status, retryable] of [
      [429, true],
      [500, true],
      [502, true],
      [400, false],
      [401, false],
      [404, false],
      [422, false],
    ] as const) {
      platform.reply({ status, body: { error: "no" } });
      await expect(postJson(`${platform.url}/x`, {})).rejects.toMatchObject({ retryable, status });
    }
  });

  it("gives up after its time-out, as a retryable failure", async () => {
    platform.reply({ status: 200, body: {}, delayMs: 1_000 });
    const error = await postJson(`${platform.url}/slow`, {}, { timeoutMs: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toContain("timed out");
  });

  it("treats a refused connection as retryable", async () => {
    const closed = await startPlatformStub();
    await closed.close();
    await expect(postJson(`${closed.url}/x`, {})).rejects.toMatchObject({ retryable: true });
  });
});
