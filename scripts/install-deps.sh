#!/bin/sh
# Installs the locked dependencies when node_modules is missing or older than the lockfile.
# `npm install`, not `npm ci`: npm 11.19 writes lockfiles without other platforms' optional
# packages (Biome's per-OS binaries) and then `npm ci` refuses its own lockfile.
set -eu
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies..." >&2
  npm install --no-audit --no-fund --loglevel=error
fi
