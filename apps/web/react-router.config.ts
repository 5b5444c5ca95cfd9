import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Only the routes a page links to are sent to the browser, not all 7 locales x 19 pages.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
