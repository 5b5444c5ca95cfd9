import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Kept apart from the React Router Vite config: unit and integration tests need none of its plugins.

/** Files that replace a module (vi.mock): each gets a module graph of its own. */
const replacingModules = ["apps/web/app/error-reporting/sentry-browser.test.ts"];

export default defineConfig({
  test: {
    exclude: ["**/node_modules/**", "**/build/**"],
    // Every core runs test files: vitest's default leaves one idle, half of a 2-core machine.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "tests",
          include: ["packages/**/*.test.ts", "apps/web/**/*.test.{ts,tsx}", "bench/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/build/**", ...replacingModules],
          // A worker imports the product's modules once for all its files instead of once per
          // file (import was most of a small file's time). Files share those modules, so a test
          // opens its own database and server and never counts on a module's first state.
          isolate: false,
          // The product's migrations run once, into templates each test file's database copies.
          globalSetup: ["./vitest.global-setup.ts"],
        },
      },
      { extends: true, test: { name: "replacing-modules", include: replacingModules } },
    ],
  },
});
