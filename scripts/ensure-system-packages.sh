#!/bin/sh
# The tests drive Debian's Chromium headless shell and read PDFs with poppler (pdftotext, pdffonts,
# pdftoppm); the benches drive its full browser. Install them when missing (browser downloads are
# not possible here).
set -eu
if [ -x /usr/bin/chromium ] && [ -x /usr/lib/chromium/chromium-headless-shell ] && command -v pdftotext >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Missing system packages: install the Debian packages 'chromium', 'chromium-headless-shell' and 'poppler-utils' and retry." >&2
  exit 1
fi
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
echo "Installing Chromium, its headless shell and poppler-utils from Debian packages..." >&2
as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium chromium-headless-shell fonts-noto-core poppler-utils >/dev/null
