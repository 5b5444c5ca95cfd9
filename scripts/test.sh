#!/bin/sh
# npm test: every check, in order of speed; the first failure stops the run with a non-zero exit.
set -eu
cd "$(dirname "$0")/.."
run() { sh scripts/with-node.sh "$@"; }

run sh scripts/install-deps.sh
echo "== typecheck" >&2
run npm run typecheck --silent
echo "== lint" >&2
run npx biome check .
echo "== system packages (Chromium, poppler)" >&2
sh scripts/ensure-system-packages.sh
# The build comes before the integration tests: the supervisor's test runs the built server as
# `npm start` does, and the end-to-end tests use the same build.
echo "== build" >&2
run npm run build --silent -w @kinderready/web
echo "== unit and integration tests" >&2
run npx vitest run
echo "== end-to-end tests (Chromium)" >&2
run npx playwright test
