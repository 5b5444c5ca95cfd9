import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localeCodes } from "@kinderready/i18n/locales";

// The kit's numbers: render time per page (the first page of a fresh process, and warm), file
// size per page, a level as one PDF, and the full quality gate (every item in every language).
// Usage: node bench/printables.ts   (npm run bench:printables)
//        node bench/printables.ts --pngs docs/kit   only redraws five sample pages (en, ru, ar,
//        es, de) as PNGs for the docs.

const started = performance.now();
const { kit } = await import("@kinderready/kit/catalogue");
const { renderPdf } = await import("@kinderready/kit/render.server");
const { allEntries, countPages, runQualityGate } = await import("@kinderready/kit/quality-gate.server");
const imported = performance.now() - started;

const entries = allEntries();
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const first = entries[0];
if (!first) throw new Error("empty kit");

// --pngs DIR: only draw the sample pages for the docs.
const pngIndex = process.argv.indexOf("--pngs");
if (pngIndex > 0) {
  const out = process.argv[pngIndex + 1] ?? "docs/kit";
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "kit-pngs-"));
  const pick = (id: string) => entries.find((entry) => entry.item.id === id) ?? first;
  const activity = kit.levels[2]?.items.find((item) => item.kind === "activity");
  const activityEntry = activity ? { item: activity, place: { level: 2 as const } } : first;
  const samples = [
    { locale: "en", entry: pick("l1-trace-letters-upper-0"), name: "Mia" },
    { locale: "ru", entry: pick("l2-count-objects-6-10-circle"), name: "Маша" },
    { locale: "ar", entry: pick("l1-trace-letters-upper-0"), name: "سارة" },
    { locale: "es", entry: activityEntry, name: "Lucía" },
    { locale: "de", entry: pick("l3-maze-8-s32"), name: "Jonas" },
  ] as const;
  for (const sample of samples) {
    const pdf = await renderPdf({
      items: [sample.entry],
      locale: sample.locale,
      paper: "a4",
      childName: sample.name,
      title: "sample",
    });
    const file = join(work, `${sample.locale}.pdf`);
    writeFileSync(file, pdf.bytes);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "60",
      "-singlefile",
      file,
      join(out, `sample-${sample.locale}-${sample.entry.item.id}`),
    ]);
  }
  console.log(`PNG samples written to ${out}/`);
  process.exit(0);
}
// Cold: the first page in this process, fonts parsed and embedded for the first time.
const coldStart = performance.now();
await renderPdf({ items: [first], locale: "en", paper: "a4", childName: "Mia", title: "cold" });
const cold = performance.now() - coldStart;

// Warm: every item as its own one-page file (a single download), in English and Arabic.
const warm: Record<string, { times: number[]; sizes: number[] }> = {};
for (const locale of ["en", "ar"] as const) {
  const sample = { times: [] as number[], sizes: [] as number[] };
  for (const entry of entries) {
    const t = performance.now();
    const pdf = await renderPdf({ items: [entry], locale, paper: "a4", childName: "Mia", title: entry.item.id });
    sample.times.push(performance.now() - t);
    sample.sizes.push(pdf.bytes.length);
  }
  warm[locale] = sample;
}

// Levels: each level as one PDF (what "download the whole level" serves).
const levels = [];
for (const level of kit.levels) {
  const t = performance.now();
  const items = level.items.map((item) => ({ item, place: { level: level.number } }));
  const pdf = await renderPdf({ items, locale: "en", paper: "a4", childName: "Mia", title: `level ${level.number}` });
  levels.push({
    level: level.number,
    printables: level.items.filter((item) => item.kind === "printable").length,
    activities: level.items.filter((item) => item.kind === "activity").length,
    pages: countPages(pdf.bytes),
    ms: round(performance.now() - t, 0),
    msPerPage: round((performance.now() - t) / items.length),
    kb: round(pdf.bytes.length / 1024),
    kbPerPage: round(pdf.bytes.length / 1024 / items.length),
  });
}

console.log(
  `\nKit: ${entries.length} items (${kit.levels.reduce((n, l) => n + l.items.length, 0)} in levels, ${kit.packs.reduce((n, p) => n + p.items.length, 0)} in ${kit.packs.length} packs); modules imported in ${round(imported, 0)} ms`,
);
console.log(`Cold first page (new process, fonts parsed): ${round(cold, 0)} ms`);
console.log("\nOne-page downloads (warm):");
console.table(
  Object.entries(warm).map(([locale, { times, sizes }]) => ({
    locale,
    pages: times.length,
    "p50 ms": round(percentile(times, 0.5)),
    "p95 ms": round(percentile(times, 0.95)),
    "max ms": round(Math.max(...times)),
    "avg KB": round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024),
    "max KB": round(Math.max(...sizes) / 1024),
  })),
);
console.log("Levels as one PDF (en, A4):");
console.table(levels);

const gateStart = performance.now();
const reports = [
  ...(await runQualityGate(entries, localeCodes, "a4")),
  ...(await runQualityGate(entries, localeCodes, "letter")),
];
console.log(`Quality gate: every item in every language (${round((performance.now() - gateStart) / 1000)} s):`);
console.table(
  reports.map((report) => ({
    locale: report.locale,
    paper: report.paper,
    items: report.items,
    pages: report.pages,
    "missing glyphs": report.issues.filter((issue) => issue.kind === "missing-glyph").length,
    overflow: report.issues.filter((issue) => issue.kind === "overflow").length,
    "off page": report.issues.filter((issue) => issue.kind === "off-page").length,
    "over budget": report.oversized.length,
    "avg KB/page": round(report.bytes / report.items / 1024),
  })),
);
const problems = reports.flatMap((report) =>
  report.issues.map((issue) => `${report.locale} ${report.paper} ${issue.kind} ${issue.detail}`),
);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
const failed =
  problems.length > 0 || reports.some((report) => report.oversized.length > 0 || report.pages !== report.items);
console.log(failed ? "Quality gate: FAILED" : "Quality gate: passed");

process.exitCode = failed ? 1 : 0;
