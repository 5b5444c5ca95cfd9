import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import { permissionsPolicy } from "../../security-headers.ts";
import { registerSecurity } from "./security.ts";

describe("the security plugin on its own", () => {
  it("adds the security headers to every answer and compresses what is worth it", async () => {
    const app = fastify();
    await registerSecurity(app, { appEnv: "prod" });
    app.get("/big", async () => "kindergarten ".repeat(200));
    const answer = await app.inject({ url: "/big", headers: { "accept-encoding": "br, gzip" } });
    expect(answer.headers["permissions-policy"]).toBe(permissionsPolicy);
    expect(answer.headers["strict-transport-security"]).toContain("max-age=");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-encoding"]).toBe("br");
    await app.close();
  });
});
