import { describe, expect, it } from "vitest";
import { maxRefreshes, pendingRefresh } from "./pending-refresh.ts";

describe("a pending payment's page without scripts", () => {
  it("reloads itself, counting its reloads in the address and keeping the rest of it", () => {
    expect(pendingRefresh(new URLSearchParams("token=t&order_id=o"))).toEqual({
      kind: "refresh",
      url: "?token=t&order_id=o&checks=1",
    });
    expect(pendingRefresh(new URLSearchParams("token=t&order_id=o&checks=3"))).toEqual({
      kind: "refresh",
      url: "?token=t&order_id=o&checks=4",
    });
    // A count the page did not write starts over.
    expect(pendingRefresh(new URLSearchParams("order_id=o&checks=x"))).toEqual({
      kind: "refresh",
      url: "?order_id=o&checks=1",
    });
  });

  it("stops after its last reload, and offers a new round", () => {
    expect(pendingRefresh(new URLSearchParams(`order_id=o&checks=${maxRefreshes - 1}`)).kind).toBe("refresh");
    expect(pendingRefresh(new URLSearchParams(`order_id=o&checks=${maxRefreshes}`))).toEqual({
      kind: "timeout",
      url: "?order_id=o",
    });
  });
});
