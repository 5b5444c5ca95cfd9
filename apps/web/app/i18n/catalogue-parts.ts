import type { Catalogue } from "@kinderready/i18n/translator";

// A language's catalogue reaches the browser in two parts: what a first visit's quiz page shows
// (the frame and the quiz), and the rest (the offer, the kit, the profile), which a quiz page
// fetches after it has hydrated. The emails' texts never leave the server.

/** The sections of the first part: the parents' frame (with its error page), the quiz and the forms' messages. */
export const firstPartSections = [
  "app",
  "nav",
  "footer",
  "consent",
  "network",
  "errors",
  "contact",
  "validation",
  "quiz",
] as const;

/** Sections only the server uses. */
export const serverOnlySections = ["email"] as const;

export type CataloguePart = "first" | "rest";

/** One part of a catalogue: its sections in the first part, or all other sections the browser uses. */
export function cataloguePart(catalogue: Catalogue, part: CataloguePart): Catalogue {
  const first: readonly string[] = firstPartSections;
  const serverOnly: readonly string[] = serverOnlySections;
  return Object.fromEntries(
    Object.entries(catalogue).filter(
      ([section]) => !serverOnly.includes(section) && first.includes(section) === (part === "first"),
    ),
  );
}
