#!/bin/sh
# Tests drive Debian's Chromium and read PDFs with poppler (pdftotext, pdffonts, pdftoppm); install
# them when missing (browser downloads are not possible here).
set -eu
if [ -x /usr/bin/chromium ] && command -v pdftotext >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Missing system packages: install the Debian packages 'chromium' and 'poppler-utils' and retry." >&2
  exit 1
fi
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
echo "Installing Chromium and poppler-utils from Debian packages..." >&2
as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium fonts-noto-core poppler-utils >/dev/null
