import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

// Where `npm test`'s time goes: each step's wall time, then the ten slowest test files (vitest)
// and the ten slowest end-to-end spec files and tests (Playwright, per database), so the
// suite's time can be watched as it grows. Runs the same steps as scripts/test.sh, on the
// databases the environment names (TEST_DATABASE_URL adds PostgreSQL, as CI does).
// Usage: npm run bench:suite. STEPS picks some: STEPS=vitest or STEPS=checks,e2e.

type Step = "checks" | "build" | "vitest" | "e2e";
const allSteps: Step[] = ["checks", "build", "vitest", "e2e"];
const steps = (process.env.STEPS?.split(",") ?? allSteps).filter((step): step is Step =>
  (allSteps as string[]).includes(step),
);
const out = await mkdtemp(join(tmpdir(), "kinderready-suite-"));

/** Runs a command, its output going to ours; resolves with its exit code. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const timings: { step: string; ms: number; code: number }[] = [];
async function timed(step: string, work: () => Promise<number>) {
  const start = performance.now();
  const code = await work();
  timings.push({ step, ms: performance.now() - start, code });
}

if (steps.includes("checks")) {
  // Typecheck and lint read the sources only: they run side by side (npm test runs the build
  // beside them too; here the build is timed on its own).
  await timed("typecheck + lint", async () => {
    const codes = await Promise.all([
      run("npm", ["run", "typecheck", "--silent"]),
      run("npx", ["biome", "check", "."]),
    ]);
    return Math.max(...codes);
  });
}
if (steps.includes("build"))
  await timed("build", () => run("npm", ["run", "build", "--silent", "-w", "@kinderready/web"]));
if (steps.includes("vitest")) {
  await timed("vitest", () =>
    run("npx", ["vitest", "run", "--reporter=dot", "--reporter=json", `--outputFile.json=${join(out, "vitest.json")}`]),
  );
}
if (steps.includes("e2e")) {
  await timed("playwright", () =>
    run("npx", ["playwright", "test", "--reporter=dot,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: join(out, "e2e.json") }),
  );
}

console.log("\n== suite time");
for (const { step, ms, code } of timings)
  console.log(`  ${step.padEnd(20)} ${seconds(ms)}${code ? `  (exit ${code})` : ""}`);
console.log(`  ${"total".padEnd(20)} ${seconds(timings.reduce((sum, { ms }) => sum + ms, 0))}`);

type VitestReport = {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
};
const vitest = await readJson<VitestReport>("vitest.json");
if (vitest) {
  const files = vitest.testResults
    .map((file) => ({
      name: file.name.replace(`${process.cwd()}/`, ""),
      ms: file.endTime - file.startTime,
      tests: file.assertionResults.length,
    }))
    .sort((a, b) => b.ms - a.ms);
  const sum = files.reduce((total, file) => total + file.ms, 0);
  console.log(`\n== vitest: ${files.length} files, ${seconds(sum).trim()} of file time; the ten slowest`);
  for (const file of files.slice(0, 10))
    console.log(`  ${seconds(file.ms)}  ${String(file.tests).padStart(4)} tests  ${file.name}`);
}

type E2eSuite = { file: string; title: string; specs: E2eSpec[]; suites?: E2eSuite[] };
type E2eResult = { duration: number; startTime: string; parallelIndex: number };
type E2eSpec = { title: string; file: string; tests: { projectName: string; results: E2eResult[] }[] };
const e2e = await readJson<{ suites: E2eSuite[]; stats: { duration: number; startTime: string } }>("e2e.json");
if (e2e) {
  const tests: { file: string; title: string; project: string; ms: number }[] = [];
  const results: E2eResult[] = [];
  const walk = (suite: E2eSuite) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((total, result) => total + result.duration, 0);
        tests.push({ file: spec.file, title: spec.title, project: test.projectName, ms });
        results.push(...test.results.filter((result) => result.parallelIndex >= 0));
      }
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of e2e.suites) walk(suite);
  const byFile = new Map<string, number>();
  for (const test of tests) byFile.set(test.file, (byFile.get(test.file) ?? 0) + test.ms);
  const sum = tests.reduce((total, test) => total + test.ms, 0);
  console.log(
    `\n== playwright: ${tests.length} tests, ${seconds(sum).trim()} of test time; the ten slowest spec files`,
  );
  for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  ${seconds(ms)}  ${file}`);
  const byProject = new Map<string, { ms: number; count: number }>();
  for (const test of tests) {
    const project = byProject.get(test.project) ?? { ms: 0, count: 0 };
    byProject.set(test.project, { ms: project.ms + test.ms, count: project.count + 1 });
  }
  console.log("== per project");
  for (const [project, { ms, count }] of [...byProject].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${seconds(ms)}  ${String(count).padStart(4)} tests  ${project}`);
  // Workers waiting with nothing to run (a long serial file left for last, servers starting):
  // time the machine could have spent on tests.
  const runStart = Date.parse(e2e.stats.startTime);
  const runEnd = runStart + e2e.stats.duration;
  const workers = new Set(results.map((result) => result.parallelIndex)).size;
  const busy = results.reduce((total, result) => total + result.duration, 0);
  const firstTest = Math.min(...results.map((result) => Date.parse(result.startTime)));
  console.log(
    `== workers: ${workers}, first test at ${seconds(firstTest - runStart).trim()}, ` +
      `idle ${seconds(workers * (runEnd - runStart) - busy).trim()} of ${seconds(workers * (runEnd - runStart)).trim()}`,
  );
  console.log("== the ten slowest tests");
  for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${seconds(test.ms)}  [${test.project}] ${test.file}: ${test.title}`);
  }
}
// KEEP_REPORTS=dir keeps the raw reports for a closer look.
if (process.env.KEEP_REPORTS) await cp(out, process.env.KEEP_REPORTS, { recursive: true });
await rm(out, { recursive: true, force: true });
process.exitCode = Math.max(0, ...timings.map(({ code }) => code));

async function readJson<T>(name: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(join(out, name), "utf8")) as T;
  } catch {
    return undefined;
  }
}
