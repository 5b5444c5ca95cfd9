import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests against the built product in Debian's Chromium (browser downloads are not used).
const port = 3100;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    ...devices["Pixel 7"],
    browserName: "chromium",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node apps/web/server/main.ts",
    url: `${baseURL}/api/v1/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: "production",
      APP_ENV: "test",
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: join(tmpdir(), `kinderready-e2e-${process.pid}`),
      LOG_LEVEL: "warn",
    },
  },
});
