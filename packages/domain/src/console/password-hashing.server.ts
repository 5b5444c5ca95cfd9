import { hash, verify } from "@node-rs/argon2";
import { AppError, AppErrorCode } from "../app-error.ts";

// Operators' passwords, hashed with argon2id by a native binding that computes on libuv's thread
// pool, never on the event loop: a hash costs about 12 ms of one core there (hash-wasm, which
// hashed on the event loop before, took about 55 ms and stopped every request meanwhile). The
// stored PHC strings are the same format, so hashes made by either verify with the other.
// Every hash in the process passes one gate: a few at once, a few more waiting, and past that a
// refusal at once, so that no caller, however many, can queue CPU work without bound.

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane, 32 bytes (argon2id is the default algorithm). */
export const argonCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/**
 * Hashes computed at once in this process, and hashes let wait for one; a hash past both is
 * refused at once ("busy", 503) and asked to come back after `retryAfterSeconds`. One at a time
 * leaves the other core to the pages; 4 waiting is under 60 ms of queue.
 */
export const hashingLimits = { running: 1, waiting: 4, retryAfterSeconds: 2 } as const;

/**
 * Verified against when the email is no operator's, at the same cost as a real hash (the test
 * checks that its parameters are `argonCost`'s), so that the answer takes as long either way.
 * Its password is unknown and irrelevant: an unknown email is refused whatever it matches.
 */
export const decoyHash =
  "$argon2id$v=19$m=19456,t=2,p=1$rayLY8T2AA8j4sYYtQXjnA$XLQdE5e8q5ngR9MkZkz3vS3qVvUQ+AzrzWOS+d55bw4";

const waiting: Array<() => void> = [];
let running = 0;
/** Hashes started in this process, and a running mean of how long one takes (for `waitAsLongAsAHash`). */
const measured = { started: 0, meanMs: 15 };

/** How many hashes this process has started, for tests that check a refusal came before any. */
export const hashesStarted = () => measured.started;

async function throughGate<T>(work: () => Promise<T>): Promise<T> {
  if (running >= hashingLimits.running) {
    if (waiting.length >= hashingLimits.waiting) {
      throw new AppError(AppErrorCode.Busy, "password", "Too many sign-ins at once, try again in a moment", "busy", {
        retryAfterSeconds: hashingLimits.retryAfterSeconds,
      });
    }
    // The slot is handed over by the hash that ends, so `running` never goes past the limit.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  measured.started += 1;
  const started = performance.now();
  try {
    return await work();
  } finally {
    measured.meanMs = measured.meanMs * 0.8 + (performance.now() - started) * 0.2;
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return throughGate(() => hash(password, argonCost));
}

/** Whether the password matches the stored hash; a stored value that is no argon2 hash matches nothing. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return throughGate(() => verify(stored, password).catch(() => false));
}

/**
 * Waits, on a timer that costs no CPU, about as long as a hash takes here: a refusal that hashes
 * nothing (an email in backoff) then takes as long as one that does.
 */
export function waitAsLongAsAHash(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, measured.meanMs));
}
