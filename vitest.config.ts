import { defineConfig } from "vitest/config";

// Kept apart from the React Router Vite config: unit and integration tests need none of its plugins.
export default defineConfig({
  test: {
    include: ["packages/**/*.test.ts", "apps/web/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/build/**"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
