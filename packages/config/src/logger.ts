import { type DestinationStream, type LoggerOptions, pino } from "pino";

/**
 * What code that logs is handed: the server's pino logger or a child of it (Fastify's request
 * logger fits too). One JSON line per event on stdout, with pino's keys: `level`, `time`, `msg`,
 * and `err` for an error.
 */
export type Logger = {
  info(details: object, msg: string): void;
  warn(details: object, msg: string): void;
  error(details: object, msg: string): void;
  child(bindings: Record<string, unknown>): Logger;
};

/** The process's logger; a test passes its own destination to read what was logged. */
export function createLogger(
  options: Pick<LoggerOptions, "level" | "serializers">,
  destination?: DestinationStream,
): Logger & pino.Logger {
  // An error already described for logging (a plain object, redacted) is logged as it is;
  // pino's own serializer would rename its type to "Object".
  const serializers = { err: keepDescribedError, ...options.serializers };
  return destination ? pino({ ...options, serializers }, destination) : pino({ ...options, serializers });
}

function keepDescribedError(value: unknown) {
  return value instanceof Error ? pino.stdSerializers.err(value) : value;
}
