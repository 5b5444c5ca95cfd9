import { describe, expect, it } from "vitest";
import type { Route } from "./+types/console-email-preview";
import { loadConsoleEmailPreview } from "./console-emails-route.server.ts";

// A preview is a document of its own: the mail's HTML under a policy that allows its inline
// styles and nothing else, framed by the console only; an unknown kind or language is a 404.

const preview = (kind: string, locale: string) =>
  loadConsoleEmailPreview({ params: { kind, locale } } as unknown as PreviewArgs);
type PreviewArgs = Route.LoaderArgs;

describe("an email preview", () => {
  it("answers the kind's mail in the language, with its own strict policy", async () => {
    const answer = preview("pause-started", "de");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = answer.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("script-src");
    expect(await answer.text()).toContain("pausiert");
  });

  it("refuses a kind or a language it does not have, and a kind with arguments", async () => {
    for (const [kind, locale] of [
      ["mystery", "en"],
      ["receipt", "xx"],
      ["receipt:kr_1", "en"],
    ] as const) {
      expect(preview(kind, locale).status, `${kind} ${locale}`).toBe(404);
    }
  });
});
