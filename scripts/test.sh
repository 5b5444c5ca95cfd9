#!/bin/sh
# npm test: every check; the first failure stops the run with a non-zero exit.
set -eu
cd "$(dirname "$0")/.."
run() { sh scripts/with-node.sh "$@"; }

run sh scripts/install-deps.sh
# Typecheck, lint, the system packages and the build need nothing of each other: they run side
# by side, each into a log of its own that is shown when it fails. The build comes before the
# integration tests: the supervisor's test runs the built server as `npm start` does, and the
# end-to-end tests use the same build.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
started=""
start() {
  name=$1
  shift
  echo "== $name" >&2
  ("$@" >"$logs/$name.log" 2>&1; echo $? >"$logs/$name.code") &
  started="$started $name"
}
start typecheck run npm run typecheck --silent
start lint run npx biome check .
start system-packages sh scripts/ensure-system-packages.sh
start build run npm run build --silent -w @kinderready/web
wait
failed=0
for name in $started; do
  if [ "$(cat "$logs/$name.code")" != 0 ]; then
    echo "== $name failed:" >&2
    cat "$logs/$name.log" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1

echo "== unit and integration tests" >&2
run npx vitest run
echo "== end-to-end tests (Chromium)" >&2
run npx playwright test
