import { ConfigError, loadConfig } from "@kinderready/config/config.server";
import { buildServer } from "./create-server.ts";
import { exitOnFatalErrors } from "./fatal-errors.ts";

// The server process (supervise.ts runs it in production): validated configuration, one
// process, graceful shutdown, and a fault nothing caught reported before the process exits.

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildServer({ config });
exitOnFatalErrors(app.errorReporter);
await app.listen({ port: config.port, host: config.host });

let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // Give in-flight requests and jobs a bounded time, then leave regardless.
    const force = setTimeout(() => {
      app.log.error("shutdown timed out");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Keep-alive connections that finish their last response after close() began would
    // otherwise hold the process open until their idle timeout.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
