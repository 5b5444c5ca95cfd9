// Debian's Chromium (installed by scripts/ensure-system-packages.sh; browser downloads are not
// used) and the flags every run gives it: no sandbox in containers, no GPU, and none of the
// background traffic that would disturb timings on loopback.

/**
 * The tests' browser: Chromium's headless shell, the same Blink and V8 without the desktop
 * browser's windows, tab strip and UI pages, which headless tests never show. The full browser
 * in headless mode spent twice the CPU on the same pages (ADR 0066).
 */
export const headlessShellPath = "/usr/lib/chromium/chromium-headless-shell";

/** The browser a visitor has: the benches measure what it does. */
export const chromiumPath = "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
