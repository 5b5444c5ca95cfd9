// The system Chromium (Debian's, installed by scripts/ensure-system-packages.sh; browser
// downloads are not used) and the flags every run gives it: no sandbox in containers, no GPU,
// and none of the background traffic that would disturb timings on loopback.
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
