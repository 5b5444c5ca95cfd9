#!/bin/sh
# Installs the locked dependencies when node_modules is missing or older than the lockfile.
set -eu
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..." >&2
  npm ci --no-audit --no-fund --loglevel=error
fi
