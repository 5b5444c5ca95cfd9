import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    reactRouter(),
    // `react-router dev` serves through the same Fastify app as production, with hot reload.
    fastifyReactRouterDev({ entry: "./server/create-server.ts", externalizeServerEntryImports: ["#load-context"] }),
  ],
  build: { assetsInlineLimit: 0 },
});
