import { afterEach, describe, expect, it, vi } from "vitest";
import { chunkReloadWindowMs, reloadAfterChunkError } from "./chunk-reload.ts";

describe("reloadAfterChunkError", () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "window");
  });

  it("reloads on a chunk error at most once per window", () => {
    const items = new Map<string, string>();
    const reload = vi.fn();
    Object.assign(globalThis, {
      window: {
        location: { reload },
        sessionStorage: {
          getItem: (k: string) => items.get(k) ?? null,
          setItem: (k: string, v: string) => items.set(k, v),
        },
      },
    });
    const error = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    expect(reloadAfterChunkError(error, 1_000_000)).toBe(true);
    expect(reloadAfterChunkError(error, 1_000_000 + chunkReloadWindowMs - 1)).toBe(false);
    expect(reloadAfterChunkError(new Error("other"), 1_000_000 + chunkReloadWindowMs + 1)).toBe(false);
    expect(reloadAfterChunkError(error, 1_000_000 + chunkReloadWindowMs + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
