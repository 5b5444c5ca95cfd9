/**
 * An error as it may be logged: type, SQLSTATE code, message and stack, without what a database
 * error carries about the row (Drizzle's "params:" list, PostgreSQL's detail such as
 * "Key (email)=(…)"), which would put parents' personal data in the logs.
 */
export function describeError(error: unknown): { type: string; code?: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown" };
  const redact = (text: string) => text.split(/\n\s*params:/)[0] ?? "";
  let code: string | undefined;
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    code ??= (current as { code?: unknown }).code as string | undefined;
  }
  const cause = error.cause instanceof Error ? ` (cause: ${redact(error.cause.message)})` : "";
  return {
    type: error.name,
    ...(typeof code === "string" && { code }),
    message: `${redact(error.message)}${cause}`,
    ...(error.stack && { stack: error.stack.slice(error.stack.indexOf("\n    at ")) }),
  };
}
