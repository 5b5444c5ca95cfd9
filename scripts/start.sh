#!/bin/sh
# npm start: install what is missing, build, then serve (the server migrates and seeds on boot).
set -eu
cd "$(dirname "$0")/.."
sh scripts/with-node.sh sh scripts/install-deps.sh
sh scripts/with-node.sh npm run build --silent -w @kinderready/web
# The supervisor starts the server with its Node flags (old space capped as in the Dockerfile,
# ADR 0057), and again after a crash, which it reports (ADR 0062).
NODE_ENV=production exec sh scripts/with-node.sh node --max-old-space-size=256 apps/web/server/supervise.ts
