import { createLogger } from "../src/logger.ts";

/** A real logger whose lines are kept in memory, parsed: for tests that check what was logged. */
export function memoryLogger(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}
