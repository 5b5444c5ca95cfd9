import { residentMegabytes, startBenchServer } from "./bench-server.ts";
import { type Outcome, walkFunnel } from "./funnel-client.ts";

// Load and soak: virtual parents arrive at a fixed rate (an open model: a
// slow server does not slow the arrivals) and each walks the whole funnel over loopback HTTP as
// a browser does: quiz page, analytics, email check and lead through the quiz page's action,
// offer, checkout, the simulator's hosted payment with the approved card, the webhook, order
// status polls, printables page, signed links, one PDF (bench/funnel-client.ts). A steady phase,
// then a spike at 5x. Bounded: arrivals stop with each phase, stragglers get a drain limit.
// Usage: node bench/soak.ts [--rate 2 --seconds 600 --spike-seconds 60 --spike-factor 5]
//        (DATABASE_URL selects PostgreSQL; the server runs with a throw-away PGlite otherwise)

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(String(process.argv[i]).replace(/^--/, ""), String(process.argv[i + 1]));
const number = (name: string, fallback: number, max: number) => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`--${name} must be 0 to ${max}`);
  return value;
};
const rate = number("rate", 2, 50);
const seconds = number("seconds", 600, 3600);
const spikeSeconds = number("spike-seconds", 60, 600);
const spikeFactor = number("spike-factor", 5, 20);
/** Parents still walking when a phase's arrivals end get this long to finish. */
const drainSeconds = number("drain", 90, 600);
/** Beyond this many parents in flight an arrival is turned away (and counted as an error). */
const maxInFlight = number("max-in-flight", 1500, 10_000);
const port = number("port", 3510, 3519);
if (port < 3500) throw new Error("--port must be 3500 to 3519");

type StepStats = { latencies: number[]; errors: number; statuses: Map<string, number>; samples: string[] };
type PhaseReport = { errors: number; acceptable: number; server5xx: number; completed: number; arrivals: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(0)}`.padStart(6);

async function runPhase(name: string, baseUrl: string, pid: number, phaseRate: number, phaseSeconds: number) {
  const steps = new Map<string, StepStats>();
  let acceptable = 0;
  let server5xx = 0;
  const record = (step: string, outcome: Outcome) => {
    let stats = steps.get(step);
    if (!stats) {
      stats = { latencies: [], errors: 0, statuses: new Map(), samples: [] };
      steps.set(step, stats);
    }
    if (outcome.status > 0) stats.latencies.push(outcome.ms);
    if (outcome.ok) return;
    stats.errors += 1;
    const key = outcome.status ? String(outcome.status) : (outcome.error ?? "error");
    stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
    if (stats.samples.length < 3) stats.samples.push(outcome.error ?? "");
    // What a spike may answer: "slow down" or "unavailable, come back after Retry-After".
    if (outcome.status === 429 || (outcome.status === 503 && outcome.retryAfter)) acceptable += 1;
    else if (outcome.status >= 500) server5xx += 1;
  };

  const rssBefore = await residentMegabytes(pid);
  const total = Math.round(phaseRate * phaseSeconds);
  const walks = new Set<Promise<void>>();
  let completed = 0;
  let turnedAway = 0;
  let nextFlow = 0;
  const start = performance.now();
  let lastProgress = start;
  for (let arrival = 0; arrival < total; arrival += 1) {
    const due = start + (arrival * 1000) / phaseRate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (walks.size >= maxInFlight) {
      turnedAway += 1;
      continue;
    }
    nextFlow += 1;
    const walk = walkFunnel(baseUrl, record, nextFlow % 2 ? "main" : "copy_1").then((finished) => {
      if (finished) completed += 1;
      walks.delete(walk);
    });
    walks.add(walk);
    if (performance.now() - lastProgress >= 60_000) {
      lastProgress = performance.now();
      const errors = [...steps.values()].reduce((sum, stats) => sum + stats.errors, 0);
      console.log(
        `  ${name} ${((lastProgress - start) / 1000).toFixed(0)} s: ${arrival + 1} arrived, ${completed} finished, ${walks.size} walking, ${errors} errors, server RSS ${(await residentMegabytes(pid)).toFixed(0)} MB`,
      );
    }
  }
  // The phase's window ends a full interval after its last arrival.
  const windowEnd = start + phaseSeconds * 1000 - performance.now();
  if (windowEnd > 0) await new Promise((resolve) => setTimeout(resolve, windowEnd));
  const arrivalSeconds = (performance.now() - start) / 1000;
  const drained = await Promise.race([
    Promise.all(walks).then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), drainSeconds * 1000).unref()),
  ]);
  const unfinished = drained ? 0 : walks.size;
  const elapsed = (performance.now() - start) / 1000;
  const rssAfter = await residentMegabytes(pid);

  console.log(
    `\n${name}: ${phaseRate} parents/s for ${phaseSeconds} s (${total} arrivals planned, achieved ${((total - turnedAway) / arrivalSeconds).toFixed(2)}/s over ${arrivalSeconds.toFixed(1)} s; all done after ${elapsed.toFixed(1)} s)`,
  );
  console.log(`${"step".padEnd(36)} ${"count".padStart(7)} ${"errors".padStart(6)}   p50 ms  p95 ms  p99 ms  max ms`);
  let requests = 0;
  let errors = turnedAway + unfinished;
  const all: number[] = [];
  for (const [step, stats] of steps) {
    const sorted = stats.latencies.sort((a, b) => a - b);
    requests += sorted.length;
    errors += stats.errors;
    all.push(...sorted);
    console.log(
      `${step.padEnd(36)} ${String(sorted.length).padStart(7)} ${String(stats.errors).padStart(6)}   ${ms(percentile(sorted, 0.5))}  ${ms(percentile(sorted, 0.95))}  ${ms(percentile(sorted, 0.99))}  ${ms(sorted.at(-1) ?? 0)}`,
    );
    for (const [status, count] of stats.statuses) console.log(`${"".padEnd(38)}${count} x ${status}`);
    for (const sample of stats.samples) console.log(`${"".padEnd(38)}e.g. ${sample}`);
  }
  all.sort((a, b) => a - b);
  console.log(
    `${"all requests".padEnd(36)} ${String(all.length).padStart(7)} ${String(errors).padStart(6)}   ${ms(percentile(all, 0.5))}  ${ms(percentile(all, 0.95))}  ${ms(percentile(all, 0.99))}  ${ms(all.at(-1) ?? 0)}`,
  );
  console.log(
    `funnels finished ${completed} of ${total} (${(completed / elapsed).toFixed(2)}/s); ${(requests / elapsed).toFixed(1)} requests/s; turned away ${turnedAway}; unfinished at the drain limit ${unfinished}; server RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB`,
  );
  return { errors, acceptable, server5xx, completed, arrivals: total } satisfies PhaseReport;
}

// Every parent comes from its own address, as a proxy in front of the site reports it
// (funnel-client.ts), so the per-address limits (requests, email checks) see each parent alone.
const { baseUrl, stop, pid } = await startBenchServer(port, { TRUST_PROXY: "true" });
try {
  console.log(
    `soak: database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${baseUrl}; server pid ${pid}; steady ${rate}/s for ${seconds} s, spike ${rate * spikeFactor}/s for ${spikeSeconds} s`,
  );
  // Warm-up, not counted: the first render of each page, the JIT, the first PDF.
  for (let i = 0; i < 3; i += 1) {
    if (!(await walkFunnel(baseUrl, () => {}, i % 2 ? "main" : "copy_1"))) throw new Error("warm-up funnel failed");
  }
  const steady = await runPhase("steady", baseUrl, pid, rate, seconds);
  const spike = spikeSeconds > 0 ? await runPhase("spike", baseUrl, pid, rate * spikeFactor, spikeSeconds) : undefined;
  const steadyPass = steady.errors === 0 && steady.completed === steady.arrivals;
  // The spike may shed load, but only as 429 or 503 with Retry-After: nothing else may fail.
  const spikePass = !spike || spike.errors === spike.acceptable;
  console.log(`\nVERDICT steady: ${steadyPass ? "PASS" : "FAIL"} (${steady.errors} errors)`);
  if (spike) {
    console.log(
      `VERDICT spike: ${spikePass ? "PASS" : "FAIL"} (${spike.errors} errors: ${spike.acceptable} 429/503 with Retry-After, ${spike.server5xx} other 5xx, ${spike.errors - spike.acceptable - spike.server5xx} time-outs, turned away or other)`,
    );
  }
  console.log(`VERDICT soak: ${steadyPass && spikePass ? "PASS" : "FAIL"}`);
  process.exitCode = steadyPass && spikePass ? 0 : 1;
} finally {
  await stop();
}
