/**
 * A page without scripts cannot ask how a payment it came back with went: while the order is
 * pending it reloads itself every `refreshSeconds`, counting its reloads in the address, and
 * after `maxRefreshes` (about as long as the scripts ask) it stops and says so, as the scripts do.
 */

export const refreshSeconds = 3;
export const maxRefreshes = 7;
const refreshesParam = "checks";

export type PendingRefresh =
  /** Reload to `url` in `refreshSeconds`. */
  | { kind: "refresh"; url: string }
  /** Stop reloading; `url` starts another round of reloads. */
  | { kind: "timeout"; url: string };

/** The next reload of a pending payment's page at `search`, or the end of them. */
export function pendingRefresh(search: URLSearchParams): PendingRefresh {
  const done = Number.parseInt(search.get(refreshesParam) ?? "", 10);
  const next = new URLSearchParams(search);
  if (done >= maxRefreshes) {
    next.delete(refreshesParam);
    return { kind: "timeout", url: `?${next.toString()}` };
  }
  next.set(refreshesParam, String(Number.isFinite(done) && done > 0 ? done + 1 : 1));
  return { kind: "refresh", url: `?${next.toString()}` };
}
