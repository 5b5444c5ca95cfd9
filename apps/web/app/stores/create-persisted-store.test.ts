import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPersistedStore, rehydrateStores } from "./create-persisted-store.ts";
import { configurePersistence, forgetSavedState, gatedCookieStorage } from "./persistence.ts";

function fakeLocalStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** document.cookie as a browser keeps it: each assignment sets or (Max-Age=0) removes one cookie. */
function fakeDocument(protocol: string) {
  const jar = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    location: { protocol },
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (/Max-Age=0(;|$)/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

describe("persisted stores", () => {
  beforeEach(() => {
    Object.assign(globalThis, { window: { localStorage: fakeLocalStorage() }, document: fakeDocument("https:") });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "window");
    Reflect.deleteProperty(globalThis, "document");
  });

  it("keeps a cookie store in a first-party cookie the server can read, and forgets it on request", async () => {
    configurePersistence({ isDev: false, search: "" });
    const store = createPersistedStore("test-cookie", 1, () => ({ open: false }), "cookie");
    store.setState({ open: true });
    const written = (document as unknown as ReturnType<typeof fakeDocument>).written.at(-1) ?? "";
    expect(written).toMatch(/^kinderready-test-cookie=[^;]+; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/);
    expect(decodeURIComponent(document.cookie)).toContain('"open":true');
    expect(window.localStorage.getItem("kinderready:test-cookie")).toBeNull();

    store.setState({ open: false });
    gatedCookieStorage.setItem("kinderready:test-cookie", JSON.stringify({ state: { open: true }, version: 1 }));
    await store.persist.rehydrate();
    expect(store.getState().open).toBe(true);

    forgetSavedState();
    expect(document.cookie).toBe("");
  });

  it("saves and restores state in production", async () => {
    configurePersistence({ isDev: false, search: "" });
    const store = createPersistedStore("test-prod", 1, () => ({ step: 0 }));
    store.setState({ step: 3 });
    expect(window.localStorage.getItem("kinderready:test-prod")).toContain('"step":3');

    store.setState({ step: 0 });
    window.localStorage.setItem("kinderready:test-prod", JSON.stringify({ state: { step: 5 }, version: 1 }));
    await rehydrateStores();
    await store.persist.rehydrate();
    expect(store.getState().step).toBe(5);
  });

  it("keeps nothing in development without the cache_enabled flag", () => {
    configurePersistence({ isDev: true, search: "?utm_source=x" });
    const store = createPersistedStore("test-dev", 1, () => ({ step: 0 }));
    store.setState({ step: 2 });
    expect(window.localStorage.getItem("kinderready:test-dev")).toBeNull();
  });

  it("persists in development when cache_enabled is present", () => {
    configurePersistence({ isDev: true, search: "?cache_enabled" });
    const store = createPersistedStore("test-dev-cache", 1, () => ({ step: 0 }));
    store.setState({ step: 4 });
    expect(window.localStorage.getItem("kinderready:test-dev-cache")).toContain('"step":4');
  });
});
