import { createPersistedStore } from "./create-persisted-store.ts";

export type PrintablesState = {
  /** Levels the child has completed; the next level unlocks after the previous one. */
  completedLevels: number[];
};

export const usePrintablesStore = createPersistedStore<PrintablesState>("printables", 1, () => ({
  completedLevels: [],
}));
