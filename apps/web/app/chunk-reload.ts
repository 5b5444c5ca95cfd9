const storageKey = "chunk-reload-at";
/** Reload at most once in this window, so a broken deploy cannot trap the page in a loop. */
export const chunkReloadWindowMs = 60_000;

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * After a deploy, old pages ask for chunks that no longer exist. Reloading fetches the new
 * build. Returns whether a reload was started.
 */
export function reloadAfterChunkError(error: unknown, now = Date.now()): boolean {
  if (typeof window === "undefined" || !isChunkLoadError(error)) return false;
  const last = Number(window.sessionStorage.getItem(storageKey) ?? 0);
  if (now - last < chunkReloadWindowMs) return false;
  window.sessionStorage.setItem(storageKey, String(now));
  window.location.reload();
  return true;
}
