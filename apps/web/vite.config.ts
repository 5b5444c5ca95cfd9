import { loadConfig } from "@kinderready/config/config.server";
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import manifest from "./package.json" with { type: "json" };

const config = loadConfig();
// The server's own packages are loaded by Node, once, for the pages as for the API: bundled into
// the pages they would be a second copy (other classes, other caches) in the same process.
const workspacePackages = Object.keys(manifest.dependencies).filter((name) => name.startsWith("@kinderready/"));

/** The browser's copy of each language's catalogue, without the emails' texts only the server sends. */
function browserCatalogues(): Plugin {
  return {
    name: "kinderready-browser-catalogues",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!/packages\/i18n\/catalogues\/[a-z]{2}\.json$/.test(id)) return undefined;
      const { email: _serverOnly, ...browser } = JSON.parse(code) as Record<string, unknown>;
      return { code: JSON.stringify(browser), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    browserCatalogues(),
    reactRouter(),
    // `react-router dev` serves through the same Fastify app as production, with hot reload.
    fastifyReactRouterDev({ entry: "./server/create-server.ts", externalizeServerEntryImports: ["#load-context"] }),
  ],
  build: { assetsInlineLimit: 0 },
  environments: {
    ssr: {
      resolve: { external: workspacePackages },
      build: {
        rollupOptions: { external: (id) => workspacePackages.some((name) => id === name || id.startsWith(`${name}/`)) },
      },
    },
  },
  server: { port: config.port, host: config.host, strictPort: true },
});
