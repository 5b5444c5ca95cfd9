# syntax=docker/dockerfile:1
# One image for every process role: PROCESS_ROLE=all (default), web or worker (docs/operations.md).
# Node runs the TypeScript sources directly (type stripping, Node >= 22.18, ADR 0003); Vite builds
# only the pages. Build: docker build -t kinderready .

# --- deps: exactly the locked dependencies -----------------------------------------------------
FROM node:22-bookworm-slim AS deps
WORKDIR /app
# A cached older node:22 image would lack type stripping: fail here rather than at start.
RUN node -e 'const [a, b] = process.versions.node.split(".").map(Number); if (a === 22 && b < 18) { console.error(`Node >= 22.18 is needed, this image has ${process.version}`); process.exit(1); }'
# Only the manifests, so source edits do not invalidate this layer.
COPY package.json package-lock.json .npmrc ./
COPY apps/web/package.json apps/web/
COPY packages/api/package.json packages/api/
COPY packages/config/package.json packages/config/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/gateway-simulator/package.json packages/gateway-simulator/
COPY packages/i18n/package.json packages/i18n/
COPY packages/kit/package.json packages/kit/
# `npm ci` (not scripts/install-deps.sh's `npm install`): on linux/amd64 it accepts the lockfile
# (checked with npm 10.9 and 11.19) and refuses one that disagrees with package.json. The
# lockfile lacks some other platforms' optional binaries; should `npm ci` refuse it on another
# architecture, regenerate the lockfile there rather than switching this to `npm install`.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --loglevel=error

# --- build: the pages, then drop everything only building needed ----------------------------------
FROM deps AS build
COPY . .
RUN npm run build -w @kinderready/web
# Development dependencies go, and so do the optional peers npm keeps for them (vite, typescript,
# esbuild, rolldown, lightningcss): the server imports none of them at run time.
RUN npm prune --omit=dev --omit=optional --no-audit --no-fund --loglevel=error

# --- runtime: sources, pruned node_modules and the built pages, run as an unprivileged user -------
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# Owned by root and read-only to the app; only the embedded database's folder is writable
# (PGlite, for a single `all` process without DATABASE_URL: mount a volume on /app/data).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages packages
COPY --from=build /app/apps/web apps/web
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Start period covers migrations, which wait their turn under an advisory lock.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The supervisor passes SIGTERM on; the server finishes in-flight requests and jobs within 10 s,
# then both exit.
STOPSIGNAL SIGTERM
# The supervisor (ADR 0062) runs the server with these Node flags, reports a crash (an
# out-of-memory abort included) and starts it again within seconds; after 5 crashes in a row it
# exits with 1 and the orchestrator's restart policy takes over. Old space capped at 256 MB
# (ADR 0057): V8 otherwise lets garbage pile up to its machine-sized default before collecting
# it; the live heap is about 70 MB.
CMD ["node", "--max-old-space-size=256", "apps/web/server/supervise.ts"]
