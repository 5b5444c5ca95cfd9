import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy.ts";

function directive(policy: string, name: string): string | undefined {
  return policy.split("; ").find((part) => part.startsWith(`${name} `));
}

describe("contentSecurityPolicy", () => {
  it("lets the page connect to its own origin only by default", () => {
    expect(directive(contentSecurityPolicy("n0nce"), "connect-src")).toBe("connect-src 'self'");
  });

  it("adds the error reports' ingest origin to connect-src when reporting is on", () => {
    const policy = contentSecurityPolicy("n0nce", { connect: ["https://o1.ingest.sentry.io"] });
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://o1.ingest.sentry.io");
    expect(directive(policy, "script-src")).toBe("script-src 'nonce-n0nce' 'strict-dynamic'");
  });
});
