import { describe, expect, it } from "vitest";
import { LruCache } from "./lru-cache.ts";

describe("LruCache", () => {
  it("evicts the least recently used entry, counting reads as use", () => {
    const cache = new LruCache<string>(2);
    cache.set("a", "A", 1000);
    cache.set("b", "B", 1000);
    expect(cache.get("a", 0)).toBe("A");
    cache.set("c", "C", 1000);
    expect(cache.get("b", 0)).toBeUndefined();
    expect(cache.get("a", 0)).toBe("A");
    expect(cache.get("c", 0)).toBe("C");
  });

  it("forgets entries once they expire, and replaces a key in place", () => {
    const cache = new LruCache<number>(5);
    cache.set("a", 1, 100);
    expect(cache.get("a", 99)).toBe(1);
    expect(cache.get("a", 100)).toBeUndefined();
    cache.set("b", 1, 100);
    cache.set("b", 2, 200);
    expect(cache.get("b", 150)).toBe(2);
  });

  it("refuses a size that could hold nothing", () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
