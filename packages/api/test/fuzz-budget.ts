// How many requests the fuzzers make. The normal test run keeps each near a minute on two cores;
// a long run sets FUZZ_REQUESTS (e.g. 10000) to give each fuzzer that many generated requests.
// Only tests read this: production code never reads the environment but through its configuration.

/** FUZZ_REQUESTS when set, else `fallback`: the generated requests one fuzzer shares among its targets. */
export function fuzzRequests(fallback: number): number {
  const raw = process.env.FUZZ_REQUESTS;
  if (raw === undefined || raw === "") return fallback;
  const count = Number(raw);
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new Error(`FUZZ_REQUESTS must be a positive whole number of requests, not "${raw}"`);
  }
  return count;
}

/** Runs for each of `targets` sharing `total` requests, at least one each. */
export const runsEach = (total: number, targets: number): number =>
  Math.max(1, Math.ceil(total / Math.max(1, targets)));
