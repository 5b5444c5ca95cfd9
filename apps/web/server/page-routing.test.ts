import { describe, expect, it } from "vitest";
import { localeSetCookie, routePageRequest } from "./page-routing.ts";

const get = (url: string, extra: { cookie?: string; acceptLanguage?: string } = {}) =>
  routePageRequest({ method: "GET", url, cookie: extra.cookie, acceptLanguage: extra.acceptLanguage });

describe("routePageRequest", () => {
  it("adds the trailing slash with a 308 and keeps the query", () => {
    expect(get("/onboarding?utm_source=fb")).toEqual({
      kind: "redirect",
      status: 308,
      location: "/onboarding/?utm_source=fb",
    });
    expect(get("/ru/profile/subscription")).toMatchObject({ status: 308, location: "/ru/profile/subscription/" });
  });

  it("keeps the console at one address in every language; ?lang= saves the choice", () => {
    expect(get("/admin/experiments/", { cookie: "ru", acceptLanguage: "de" })).toEqual({ kind: "pass" });
    expect(get("/admin")).toMatchObject({ status: 308, location: "/admin/" });
    expect(get("/admin/?from=2026-11-01&lang=ar")).toEqual({
      kind: "redirect",
      status: 302,
      location: "/admin/?from=2026-11-01",
      setCookie: "ar",
    });
    expect(get("/admin/?lang=xx")).toEqual({ kind: "pass" });
  });

  it("leaves files, API calls and React Router data requests alone", () => {
    for (const url of [
      "/favicon.ico",
      "/assets/root-abc.js",
      "/api/v1/health",
      "/__manifest?p=/x",
      "/ru/onboarding.data",
      "/l/0f8e4d2c-1b3a-4c5d-8e9f-0a1b2c3d4e5f/abc?to=%2Fprofile%2F",
    ]) {
      expect(get(url)).toEqual({ kind: "pass" });
    }
  });

  it("sends the root of every language to its onboarding page", () => {
    expect(get("/")).toEqual({ kind: "redirect", status: 302, location: "/onboarding/", setCookie: "en" });
    expect(get("/ru/", { cookie: "ru" })).toEqual({ kind: "redirect", status: 302, location: "/ru/onboarding/" });
  });

  it("redirects an unprefixed page to the chosen language and remembers it", () => {
    expect(get("/onboarding/?a=1", { acceptLanguage: "de-DE,de;q=0.9" })).toEqual({
      kind: "redirect",
      status: 302,
      location: "/de/onboarding/?a=1",
      setCookie: "de",
    });
    expect(get("/onboarding/", { cookie: "fr", acceptLanguage: "de" })).toMatchObject({ location: "/fr/onboarding/" });
  });

  it("lets ?lang= force a language and drops it from the address", () => {
    expect(get("/ru/onboarding/?lang=en&x=1", { cookie: "ru" })).toEqual({
      kind: "redirect",
      status: 302,
      location: "/onboarding/?x=1",
      setCookie: "en",
    });
    expect(get("/onboarding/?lang=ar")).toMatchObject({ location: "/ar/onboarding/", setCookie: "ar" });
  });

  it("serves a prefixed page in its language and saves the cookie", () => {
    expect(get("/es/printables/", { cookie: "en" })).toEqual({ kind: "pass", locale: "es", setCookie: "es" });
    expect(get("/es/printables/", { cookie: "es" })).toEqual({ kind: "pass", locale: "es" });
  });
});

describe("localeSetCookie", () => {
  it("keeps the choice a year for the server only, Secure on an https site", () => {
    expect(localeSetCookie("de", true)).toBe(
      "i18n_redirected=de; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure",
    );
    expect(localeSetCookie("ar", false)).toBe("i18n_redirected=ar; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax");
  });

  it("answers repeated slashes with a 308 to the path of one slash, for every method, never to another site", () => {
    const cases: [string, string][] = [
      ["//", "/"],
      ["///", "/"],
      ["//evil.example/", "/evil.example/"],
      ["//evil.example", "/evil.example"],
      ["/\\evil.example/x/", "/evil.example/x/"],
      ["\\\\evil.example/", "/evil.example/"],
      ["///x/?a=//b", "/x/?a=//b"],
      ["/admin//revenue/", "/admin/revenue/"],
      ["/de///onboarding/?lang=fr", "/de/onboarding/?lang=fr"],
      ["//api/v1/health", "/api/v1/health"],
    ];
    for (const method of ["GET", "HEAD", "POST", "PUT"]) {
      for (const [url, location] of cases) {
        const decision = routePageRequest({ method, url, cookie: undefined, acceptLanguage: undefined });
        expect(decision, `${method} ${url}`).toEqual({ kind: "redirect", status: 308, location });
      }
    }
    expect(get("/onboarding/?next=//evil.example")).toMatchObject({ kind: "pass" });
  });
});
