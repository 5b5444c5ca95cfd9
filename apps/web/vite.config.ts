import { loadConfig } from "@kinderready/config/config.server";
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const config = loadConfig();

export default defineConfig({
  plugins: [
    reactRouter(),
    // `react-router dev` serves through the same Fastify app as production, with hot reload.
    fastifyReactRouterDev({ entry: "./server/create-server.ts", externalizeServerEntryImports: ["#load-context"] }),
  ],
  build: { assetsInlineLimit: 0 },
  server: { port: config.port, host: config.host, strictPort: true },
});
