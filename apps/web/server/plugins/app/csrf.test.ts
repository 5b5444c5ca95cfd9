import cookie from "@fastify/cookie";
import { localeCookie } from "@kinderready/i18n/locales";
import { type FastifyInstance, fastify } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerCsrf } from "./csrf.ts";
import { registerLocaleRouting } from "./locale-routing.ts";
import { registerPageSecurityHeaders } from "./page-security-headers.ts";

// The pages' first hooks in the order registerPages adds them: a request one of them answers
// goes no further, neither to the hooks after it nor to the page.

describe("the pages' first hooks, in order", () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function pages(): Promise<{ app: FastifyInstance; reached: string[] }> {
    const reached: string[] = [];
    app = fastify();
    await app.register(cookie);
    registerCsrf(app, { appOrigin: "https://kit.test" });
    registerPageSecurityHeaders(app, { config: { sentry: undefined, metaPixelId: undefined }, vite: undefined });
    registerLocaleRouting(app, { secureCookies: true });
    app.addHook("onRequest", async (request) => {
      reached.push(`${request.method} ${request.url}`);
    });
    app.all("/*", async (request, reply) => reply.type("text/html; charset=utf-8").send(`<p>${request.cspNonce}</p>`));
    return { app, reached };
  }

  it("refuses a cross-site form post before a nonce is made or a language chosen", async () => {
    const { app, reached } = await pages();
    const answer = await app.inject({
      method: "POST",
      url: "/en/contact/",
      headers: { origin: "https://elsewhere.test", "content-type": "application/x-www-form-urlencoded" },
      payload: "message=hi",
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toBe("Cross-site requests are refused.");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-security-policy"]).toBeUndefined();
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(reached).toEqual([]);
  });

  it("redirects to the chosen language's page without going on to the page", async () => {
    const { app, reached } = await pages();
    const answer = await app.inject({ url: "/", headers: { "accept-language": "ru" } });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe("/ru/onboarding/");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(String(answer.headers["set-cookie"])).toMatch(new RegExp(`^${localeCookie.name}=ru;`));
    expect(reached).toEqual([]);
  });

  it("gives a page its own nonce, and its policy and caching headers", async () => {
    const { app, reached } = await pages();
    const answer = await app.inject({ url: "/onboarding/", headers: { cookie: `${localeCookie.name}=en` } });
    expect(answer.statusCode).toBe(200);
    const nonce = /<p>(.+)<\/p>/.exec(answer.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(answer.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    expect(answer.headers.vary).toBe("Cookie, Accept-Language");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(reached).toEqual(["GET /onboarding/"]);
  });
});
