#!/bin/sh
# End-to-end tests drive Debian's Chromium; install it when missing (browser downloads are not possible here).
set -eu
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Chromium is missing: install the Debian package 'chromium' and retry." >&2
  exit 1
fi
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
echo "Installing Chromium from Debian packages..." >&2
as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium fonts-noto-core >/dev/null
