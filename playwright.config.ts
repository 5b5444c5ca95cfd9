import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, headlessShellPath } from "./e2e/system-chromium.ts";

// End-to-end tests against the built product in Debian's Chromium headless shell (browser
// downloads are not used). The suite runs on embedded PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set.

const postgresUrl = loadTestDatabaseUrl();
// The migrated data folder every embedded database of this run is copied from (e2e/migrated-database.ts).
// The runner sets it once; its workers and servers inherit it.
process.env.KINDERREADY_E2E_TEMPLATE ??= join(tmpdir(), `kinderready-e2e-template-${process.pid}`);
const e2eData = (name: string) => ({ DATA_DIR: join(tmpdir(), `kinderready-e2e-${name}-${process.pid}`) });

/** Another database on the PostgreSQL server `url` names. */
const otherDatabase = (url: string, name: string) => {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
};

/** `fresh`: the PostgreSQL database is dropped and created again before the server starts. */
type Server = { port: number; database: Record<string, string>; fresh?: boolean };
type Target = { name: string; server: Server; settingsServer: Server };

// Specs that change a setting the whole server shares (the operator's upsell display mode) run in
// a project of their own, one test at a time, against a server and database of their own: a
// parallel spec never sees another mode than the one it expects, and the settings project runs
// beside the ordinary one instead of after it. ADR 0037, ADR 0067.
const settingsSpecs = ["upsell.spec.ts"];

// Specs about what pages look like and carry (accessibility, legal texts, page weight, routing
// rules, the document shell): the same markup comes out whichever database stores the rows, so
// they run on the first target only. ADR 0068.
const presentationSpecs = [
  "accessibility.spec.ts",
  "budgets.spec.ts",
  "legal.spec.ts",
  "narrow-pages.spec.ts",
  "routing.spec.ts",
  "shell.spec.ts",
];
// The process and scale specs start servers of their own; once is enough.
const ownServerSpecs = ["process.spec.ts", "scale.spec.ts"];

const targets: Target[] = [
  {
    name: "pglite",
    server: { port: 3100, database: e2eData("pglite") },
    settingsServer: { port: 3102, database: e2eData("pglite-settings") },
  },
  ...(postgresUrl
    ? [
        {
          name: "postgres",
          server: { port: 3101, database: { DATABASE_URL: postgresUrl } },
          settingsServer: {
            port: 3103,
            database: { DATABASE_URL: otherDatabase(postgresUrl, "kinderready_e2e_settings") },
            fresh: true,
          },
        },
      ]
    : []),
];

export default defineConfig({
  testDir: "e2e",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: true,
  // One worker more than cores: every test spends part of its time waiting on a server, the
  // gateway simulator or a timer, and a third worker fills those waits (ADR 0076).
  workers: availableParallelism() + 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    ...devices["Pixel 7"],
    browserName: "chromium",
    launchOptions: {
      executablePath: headlessShellPath,
      args: chromiumArgs,
    },
  },
  // The serial settings files are the run's longest single jobs: listed first, a worker starts
  // on them while the other begins the ordinary projects, instead of finishing them alone last.
  projects: [
    ...targets.map((target) => ({
      name: `${target.name}-settings`,
      use: { baseURL: `http://localhost:${target.settingsServer.port}` },
      testMatch: settingsSpecs,
      fullyParallel: false,
    })),
    ...targets.map((target) => ({
      name: target.name,
      use: { baseURL: `http://localhost:${target.server.port}` },
      testIgnore: [...settingsSpecs, ...(target.name !== "pglite" ? [...presentationSpecs, ...ownServerSpecs] : [])],
    })),
  ],
  webServer: targets
    .flatMap((target) => [target.server, target.settingsServer])
    .map((server) => ({
      command: server.fresh
        ? `node e2e/fresh-database.ts ${server.database.DATABASE_URL} && node apps/web/server/main.ts`
        : server.database.DATA_DIR
          ? `node e2e/migrated-database.ts ${server.database.DATA_DIR} && node apps/web/server/main.ts`
          : "node apps/web/server/main.ts",
      url: `http://localhost:${server.port}/api/v1/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: "production",
        // A developer's machine: the tests read sign-in links from the local outbox (/dev/mailbox/).
        APP_ENV: "local",
        // The tests call the API with the key derived from it (the api fixture, e2e/fixtures.ts).
        API_SECRET: "local-development-secret",
        PORT: String(server.port),
        APP_URL: `http://localhost:${server.port}`,
        LOG_LEVEL: "warn",
        // Production behaviour (saved answers persist) in the test environment.
        IS_DEV: "false",
        // Lets a test say which country a visitor is in, as a CDN would.
        GEO_PROXY: "header",
        // As behind a load balancer: a test may say which address it comes from.
        TRUST_PROXY: "true",
        GEO_COUNTRY_HEADER: "x-test-country",
        // Chromium shares the two cores with the servers here: shed load only when truly stuck.
        OVERLOAD_EVENT_LOOP_DELAY_MS: "2000",
        ...server.database,
      },
    })),
});
