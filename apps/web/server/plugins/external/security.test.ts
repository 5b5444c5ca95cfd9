import { Readable } from "node:stream";
import zlib from "node:zlib";
import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import { permissionsPolicy } from "../../security-headers.ts";
import { dynamicBrotliQuality, registerSecurity } from "./security.ts";

const page = `<!DOCTYPE html><html><body>${"<p>Is your child ready for kindergarten?</p>".repeat(200)}</body></html>`;

async function securedApp() {
  const app = fastify();
  await registerSecurity(app, { appEnv: "prod" });
  app.get("/big", async () => "kindergarten ".repeat(200));
  app.get("/small", async () => "kindergarten");
  // A document as the pages send it: a stream, typed as HTML.
  app.get("/page", async (_request, reply) => reply.type("text/html; charset=utf-8").send(Readable.from([page])));
  return app;
}

describe("the security plugin on its own", () => {
  it("adds the security headers to every answer and compresses what is worth it", async () => {
    const app = await securedApp();
    const answer = await app.inject({ url: "/big", headers: { "accept-encoding": "br, gzip" } });
    expect(answer.headers["permissions-policy"]).toBe(permissionsPolicy);
    expect(answer.headers["strict-transport-security"]).toContain("max-age=");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-encoding"]).toBe("br");
    await app.close();
  });

  it("compresses each response with brotli at the dynamic quality, never the build's 11", async () => {
    expect(dynamicBrotliQuality).toBeLessThanOrEqual(5);
    const app = await securedApp();
    const body = "kindergarten ".repeat(200);
    const answer = await app.inject({ url: "/big", headers: { "accept-encoding": "br" } });
    const atQuality = (quality: number) =>
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
    expect(answer.rawPayload.equals(atQuality(dynamicBrotliQuality))).toBe(true);
    await app.close();
  });

  it("streams a document compressed in the encoding the browser prefers, and whole", async () => {
    const app = await securedApp();
    const asked = async (acceptEncoding: string | undefined) => {
      const answer = await app.inject({
        url: "/page",
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
      const encoding = answer.headers["content-encoding"] ?? "identity";
      const decoded =
        encoding === "br"
          ? zlib.brotliDecompressSync(answer.rawPayload)
          : encoding === "gzip"
            ? zlib.gunzipSync(answer.rawPayload)
            : answer.rawPayload;
      expect(decoded.toString("utf8")).toBe(page);
      return { encoding, vary: answer.headers.vary };
    };
    expect(await asked("gzip, deflate, br")).toEqual({ encoding: "br", vary: "accept-encoding" });
    expect(await asked("gzip")).toEqual({ encoding: "gzip", vary: "accept-encoding" });
    expect((await asked("br;q=0, gzip")).encoding).toBe("gzip");
    expect((await asked("identity")).encoding).toBe("identity");
    expect((await asked(undefined)).encoding).toBe("identity");
    await app.close();
  });

  it("sends what is too small to gain as it is", async () => {
    const app = await securedApp();
    const answer = await app.inject({ url: "/small", headers: { "accept-encoding": "br, gzip" } });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body).toBe("kindergarten");
    await app.close();
  });
});
