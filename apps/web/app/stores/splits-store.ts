import { createPersistedStore } from "./create-persisted-store.ts";

export type SplitsState = {
  /** Group per split name ("intro-offer" -> "A"); the default group is A. */
  groups: Record<string, string>;
  /** Splits whose exposure was already logged for this user. */
  exposed: string[];
};

export const useSplitsStore = createPersistedStore<SplitsState>("splits", 1, () => ({
  groups: {},
  exposed: [],
}));
