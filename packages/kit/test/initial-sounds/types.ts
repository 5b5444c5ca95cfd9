/**
 * A language's picture words as a teacher checks them: the sound each letter is taught by, and
 * the first sound of every word a letter's pictures are labelled with (IPA, as the word is said
 * in the variety the kit is written in). A word missing from `words` fails the check, so a new
 * picture word is always looked at.
 */
export type InitialSounds = {
  /** Per letter of the alphabet (capitals; Arabic isolated forms), the sounds it is taught by. */
  taught: Record<string, readonly string[]>;
  /** Per printed word: the sound it starts with, or for a letter it only contains, that letter's sound in it. */
  words: Record<string, string>;
};
