import type english from "../catalogues/en.json";
import type consoleEnglish from "../console-catalogues/en.json";

// The keys a page may pass to t(), read from the English catalogues at compile time: English is
// the source of truth, and catalogues.test.ts holds every other language to its keys.

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";

/** Every message's dotted path; a plural message is also reachable by its base (`years` for `years_one`). */
type MessagePaths<Node> = {
  [Key in keyof Node & string]: Node[Key] extends string
    ? Key | (Key extends `${infer Base}_${PluralSuffix}` ? Base : never)
    : `${Key}.${MessagePaths<Node[Key]>}`;
}[keyof Node & string];

/** A key of the parents' pages' catalogue (packages/i18n/catalogues/en.json). */
export type MessageKey = MessagePaths<typeof english>;

/** A key of the operator console's catalogue (packages/i18n/console-catalogues/en.json). */
export type ConsoleKey = MessagePaths<typeof consoleEnglish>;

/** The rest of each parents' key under a prefix: `KeysUnder<"quiz.goals">` is every goal with a message. */
export type KeysUnder<Prefix extends string> = MessageKey extends infer Key
  ? Key extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never;

/** The same under a prefix of the console's catalogue. */
export type ConsoleKeysUnder<Prefix extends string> = ConsoleKey extends infer Key
  ? Key extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never;
