import helmet from "@fastify/helmet";
import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import { helmetOptions, isCrossSiteWrite, permissionsPolicy } from "./security-headers.ts";

describe("helmet options", () => {
  const headersFor = async (appEnv: "prod" | "local") => {
    const app = fastify();
    await app.register(helmet, helmetOptions(appEnv));
    app.get("/", async () => "ok");
    return (await app.inject({ url: "/" })).headers;
  };

  it("pins https in prod only", async () => {
    expect((await headersFor("prod"))["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect((await headersFor("local"))["strict-transport-security"]).toBeUndefined();
  });

  it("keeps the referrer on our own origin and forbids MIME sniffing", async () => {
    const headers = await headersFor("prod");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  it("switches off the features the product never uses", () => {
    expect(permissionsPolicy).toContain("camera=()");
    expect(permissionsPolicy).toContain("payment=()");
    expect(permissionsPolicy).not.toContain("*");
  });
});

describe("cross-site writes", () => {
  const host = "kinderready.app";
  it.each([
    ["POST", { "sec-fetch-site": "cross-site" }, true],
    ["POST", { origin: "https://evil.example" }, true],
    ["POST", { origin: "null" }, true],
    ["PUT", { origin: "https://kinderready.app.evil.example" }, true],
    ["POST", { origin: "https://kinderready.app", "sec-fetch-site": "same-origin" }, false],
    ["POST", {}, false],
    ["GET", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, false],
    // Behind a proxy that rewrites Host, the public origin (APP_URL) is still ours.
    ["POST", { origin: "https://www.kinderready.app" }, false],
  ] as const)("%s with %o is cross-site: %s", (method, headers, expected) => {
    expect(isCrossSiteWrite(method, headers, host, "https://www.kinderready.app")).toBe(expected);
  });
});
