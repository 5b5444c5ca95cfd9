import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPersistedStore, rehydrateStores } from "./create-persisted-store.ts";
import { configurePersistence } from "./persistence.ts";

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

describe("persisted stores", () => {
  beforeEach(() => {
    Object.assign(globalThis, { window: { localStorage: fakeLocalStorage() } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "window");
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
