// Database ids are UUIDs: a value of any other shape is refused before it reaches a uuid column,
// where PostgreSQL would answer an error instead of "no such row".

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text is a UUID (any version, either case). */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
