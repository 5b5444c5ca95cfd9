import { printableFilesPlugin } from "@kinderready/api/routes/printable-files";
import type { Config } from "@kinderready/config/config.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { RenderCache } from "@kinderready/kit/render.server";
import type { RenderPool } from "@kinderready/kit/render-pool.server";
import type { FastifyInstance } from "fastify";

/** The kit's PDFs and previews under /printables/files, rendered on the process's pool of worker threads. */
export async function registerPrintableFiles(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, "printablesCacheBytes">;
    printables: AppServices["printables"];
    errors: ErrorReporter;
    pool: RenderPool;
  },
): Promise<void> {
  const { pool } = deps;
  await app.register(
    (files) =>
      printableFilesPlugin(files, {
        printables: deps.printables,
        pool,
        cache: new RenderCache(deps.config.printablesCacheBytes),
        // Previews are the same for everyone: a few kilobytes each, all of them fit.
        previews: new RenderCache(32 * 1024 * 1024),
        errors: deps.errors,
      }),
    { prefix: "/printables/files" },
  );
}
