import { loadConfig } from "@kinderready/config/config.server";
import type { Catalogue } from "@kinderready/i18n/translator";
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { catalogueChunk, catalogueChunks } from "./app/i18n/catalogue-parts.ts";
import { bootChunk } from "./boot-chunk.ts";
import manifest from "./package.json" with { type: "json" };

const config = loadConfig();
// The server's own packages are loaded by Node, once, for the pages as for the API: bundled into
// the pages they would be a second copy (other classes, other caches) in the same process.
const workspacePackages = Object.keys(manifest.dependencies).filter((name) => name.startsWith("@kinderready/"));

// The browser build's modules as React Router names them: a route module is its file with this query.
const app = new URL("./app/", import.meta.url).pathname;
const clientRoute = "?__react-router-build-client-route";
/** What every parent's page runs before it hydrates, in one chunk (boot-chunk.ts). */
const boot = bootChunk([
  `${app}entry.client.tsx`,
  `${app}root.tsx${clientRoute}`,
  `${app}routes/funnel-layout/funnel-layout.tsx${clientRoute}`,
]);

/**
 * The browser's copies of each language's catalogue, one module per part and one for the whole
 * (`?part=quiz`, …, `?part=whole`; app/i18n/catalogue-parts.ts), never the texts only the server sends.
 */
function browserCatalogues(): Plugin {
  return {
    name: "kinderready-browser-catalogues",
    enforce: "pre",
    transform(code, id) {
      const asked = catalogueModule.exec(id)?.[2];
      const chunk = catalogueChunks.find((name) => name === asked);
      if (!chunk) return undefined;
      // A module like Vite's JSON ones; a query takes the file out of the bundler's JSON handling.
      const texts = JSON.stringify(catalogueChunk(JSON.parse(code) as Catalogue, chunk));
      return { code: `export default JSON.parse(${JSON.stringify(texts)});`, map: null };
    },
  };
}

const catalogueModule = /packages\/i18n\/catalogues\/([a-z]{2})\.json\?part=([a-z]+)$/;

/** Each catalogue chunk is named by its language and part (`en-offer-….js`), as the page weight finds it. */
function chunkFileName(chunk: { facadeModuleId: string | null }): string {
  const [, locale, part] = catalogueModule.exec(chunk.facadeModuleId ?? "") ?? [];
  return locale && part ? `assets/${locale}-${part}-[hash].js` : "assets/[name]-[hash].js";
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
    client: {
      build: {
        rollupOptions: {
          // Given here, the output replaces React Router's, whose entry names are these.
          output: {
            entryFileNames: "assets/[name]-[hash].js",
            chunkFileNames: chunkFileName,
            codeSplitting: { groups: [boot] },
          },
        },
      },
    },
    ssr: {
      resolve: { external: workspacePackages },
      build: {
        rollupOptions: { external: (id) => workspacePackages.some((name) => id === name || id.startsWith(`${name}/`)) },
      },
    },
  },
  server: { port: config.port, host: config.host, strictPort: true },
});
