import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Locale, localeCodes } from "@kinderready/i18n/locales";

// The kit's numbers: render time per page (a fresh process, then warm), each level, pack and
// book of the month as the one file a parent downloads, the full quality and content gate
// (every one of them in every language, A4 and Letter), and the kit's make-up (worksheets and
// cards per level and skill, the books of the month, templates, pictures).
// Usage: node bench/printables.ts                  (npm run bench:printables)
//        node bench/printables.ts --pngs docs/kit  only draws the contact sheets: every page of
//        every level, pack and book of the month in English and Arabic, as one small PNG each.

const started = performance.now();
const { kit, skills } = await import("@kinderready/kit/catalogue");
const { documentPages } = await import("@kinderready/kit/book/book-document");
const { renderPdf, papers } = await import("@kinderready/kit/render.server");
const { countPages, documentName, kitDocuments, longName, runQualityGate } = await import(
  "@kinderready/kit/quality-gate.server"
);
const imported = performance.now() - started;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;

const pngIndex = process.argv.indexOf("--pngs");
if (pngIndex > 0) {
  await drawContactSheets(process.argv[pngIndex + 1] ?? "docs/kit");
  process.exit(0);
}

// Cold: the first document in this process, fonts parsed and embedded for the first time.
const coldStart = performance.now();
await renderPdf({ document: { kind: "level", number: 0 }, locale: "en", paper: "a4", childName: "Mia", title: "cold" });
const cold = performance.now() - coldStart;

// Warm, one page: every worksheet and card sheet as its own download, in English and Arabic.
const single: Record<string, number[]> = {};
for (const locale of ["en", "ar"] as const) {
  const times: number[] = [];
  const ids = [...kit.levels.flatMap((level) => level.items), ...kit.packs.flatMap((pack) => pack.items)].map(
    (item) => item.id,
  );
  for (const id of ids) {
    const t = performance.now();
    const pdf = await renderPdf({ document: { kind: "item", id }, locale, paper: "a4", childName: "Mia", title: id });
    times.push((performance.now() - t) / pdf.pages);
  }
  single[locale] = times;
}

// Whole documents, as downloaded.
const documents = [];
for (const document of kitDocuments()) {
  for (const locale of ["en", "ar"] as const) {
    const t = performance.now();
    const pdf = await renderPdf({
      document,
      locale,
      paper: "a4",
      childName: longName(locale),
      title: documentName(document),
    });
    const ms = performance.now() - t;
    documents.push({
      document: documentName(document),
      locale,
      pages: countPages(pdf.bytes),
      ms: round(ms, 0),
      "ms/page": round(ms / pdf.pages),
      KB: round(pdf.bytes.length / 1024, 0),
      "KB/page": round(pdf.bytes.length / 1024 / pdf.pages),
    });
  }
}

console.log(`Kit modules imported in ${round(imported, 0)} ms; cold first level (fonts parsed): ${round(cold, 0)} ms`);
console.log("\nOne page per download (warm), ms:");
console.table(
  Object.entries(single).map(([locale, times]) => ({
    locale,
    pages: times.length,
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    max: round(Math.max(...times)),
  })),
);
console.log("Levels, packs and books of the month as one PDF (A4):");
console.table(documents);

// The kit's make-up.
const makeUp = kit.levels.map((level) => {
  const pages = documentPages({ kind: "level", number: level.number }, "en");
  const row: Record<string, string | number> = {
    level: level.number === 0 ? "trial" : level.number,
    worksheets: level.items.filter((item) => item.kind === "printable").length,
    "worksheet pages": pages.filter((page) => page.kind === "printable").length,
    cards: level.items.filter((item) => item.kind === "activity").length,
    "card sheets": pages.filter((page) => page.kind === "cards").length,
    "cut-out pages": pages.filter((page) => page.kind === "material").length,
    "answer pages": pages.filter((page) => page.kind === "answers").length,
    pages: pages.length,
    "worksheet share": `${Math.round((100 * pages.filter((page) => page.kind === "printable").length) / pages.filter((page) => ["printable", "cards", "material"].includes(page.kind)).length)} %`,
  };
  return row;
});
console.log("Levels: worksheets, activity cards and pages:");
console.table(makeUp);
console.log("Books of the month: one opens with each monthly payment:");
console.table(
  kit.months.map((month) => {
    const pages = documentPages({ kind: "month", number: month.number }, "en");
    return {
      month: month.number,
      theme: month.theme,
      worksheets: month.items.length,
      skills: new Set(month.items.map((item) => item.skill)).size,
      "answer pages": pages.filter((page) => page.kind === "answers").length,
      pages: pages.length,
    };
  }),
);
console.log("Worksheets and cards per skill (all levels):");
console.table(
  skills.map((skill) => {
    const row: Record<string, string | number> = { skill };
    for (const level of kit.levels) {
      const items = level.items.filter((item) => item.skill === skill);
      row[level.number === 0 ? "trial" : `L${level.number}`] =
        `${items.filter((item) => item.kind === "printable").length}+${items.filter((item) => item.kind === "activity").length}`;
    }
    return row;
  }),
);
const templates = new Set(
  [...kit.levels.flatMap((level) => level.items), ...kit.packs.flatMap((pack) => pack.items)].flatMap((item) =>
    item.kind === "printable" ? [item.params.template] : [],
  ),
);
console.log(`Distinct worksheet templates: ${templates.size}`);

// The gate: every level, pack and book of the month in every language, on A4 and Letter.
const gateStart = performance.now();
const reports = [
  ...(await runQualityGate(kitDocuments(), localeCodes, "a4")),
  ...(await runQualityGate(kitDocuments(), ["en", "ar"], "letter")),
];
const pictures = new Set(reports.flatMap((report) => report.pages.flatMap((page) => page.inspection.pictures)));
console.log(
  `\nQuality and content gate (${round((performance.now() - gateStart) / 1000)} s), ${pictures.size} distinct pictures drawn:`,
);
console.table(
  reports.map((report) => {
    const content = report.pages.filter(
      (page) => page.kind === "printable" || page.kind === "cards" || page.kind === "material",
    );
    const coverage = content.map((page) => page.inspection.coverage);
    return {
      locale: report.locale,
      paper: report.paper,
      documents: report.documents,
      pages: report.pages.length,
      MB: round(report.bytes / 1024 / 1024, 2),
      "ms/page": round(report.milliseconds / report.pages.length),
      "coverage min": round(Math.min(...coverage), 2),
      "coverage p50": round(percentile(coverage, 0.5), 2),
      "missing glyphs": report.issues.filter((issue) => issue.kind === "missing-glyph").length,
      overflow: report.issues.filter((issue) => issue.kind === "overflow").length,
      "off page": report.issues.filter((issue) => issue.kind === "off-page").length,
      failures: report.failures.length,
    };
  }),
);
const problems = reports.flatMap((report) => [
  ...report.issues.map((issue) => `${report.locale} ${report.paper} ${issue.kind} ${issue.detail}`),
  ...report.failures.map((failure) => `${report.locale} ${report.paper} ${failure}`),
]);
for (const problem of problems.slice(0, 40)) console.log(`  ${problem}`);
const medianPage = Math.max(...Object.values(single).map((times) => percentile(times, 0.5)));
const failed = problems.length > 0 || medianPage > 25;
console.log(`Median warm page ${round(medianPage)} ms (budget 25 ms)`);
console.log(`VERDICT printables: ${failed ? "FAIL" : "PASS"}`);
process.exitCode = failed ? 1 : 0;

/** Every page of each level, pack and book of the month in miniature on one sheet, in English and Arabic, as PNG. */
async function drawContactSheets(out: string) {
  const { Canvas } = await import("@kinderready/kit/canvas.server");
  const { createPdfDocument, PdfSurface } = await import("@kinderready/kit/pdf-surface.server");
  const { drawPage } = await import("@kinderready/kit/draw-page.server");
  const { documentPlace } = await import("@kinderready/kit/book/book-document");
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "kit-sheets-"));
  const names: Record<Locale, string> = {
    en: "Mia",
    ar: "سارة",
    ru: "Маша",
    es: "Lucía",
    fr: "Léa",
    de: "Jonas",
    pt: "João",
  };
  const [pageWidth, pageHeight] = papers.a4;
  for (const document of kitDocuments()) {
    for (const locale of ["en", "ar"] as const) {
      const pages = documentPages(document, locale);
      const columns = 8;
      const scale = 0.2;
      const gap = 6;
      const cellWidth = pageWidth * scale;
      const cellHeight = pageHeight * scale;
      const rows = Math.ceil(pages.length / columns);
      const width = columns * (cellWidth + gap) + gap;
      const height = rows * (cellHeight + gap) + gap;
      const doc = createPdfDocument("contact sheet", "KinderReady");
      const chunks: Buffer[] = [];
      doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      const done = new Promise((resolve) => doc.on("end", resolve));
      doc.addPage({ size: [width, height], margin: 0 });
      const sheet = new Canvas(new PdfSurface(doc, width, height), false);
      const context = {
        locale,
        childName: names[locale],
        pages,
        place: documentPlace(document),
        numbered: true,
        topics: [],
      };
      pages.forEach((page, index) => {
        // Arabic books read from the right: the sheet's rows run right to left too.
        const column = locale === "ar" ? columns - 1 - (index % columns) : index % columns;
        const x = gap + column * (cellWidth + gap);
        const y = gap + Math.floor(index / columns) * (cellHeight + gap);
        sheet.path(`M${x} ${y}h${cellWidth}v${cellHeight}h${-cellWidth}Z`, {
          fill: "#ffffff",
          stroke: "#c9cfd8",
          lineWidth: 0.5,
        });
        sheet.miniature(
          { x, y, scale },
          pageWidth,
          pageHeight,
          (inner) => drawPage(inner, page, index, context),
          locale === "ar",
        );
      });
      doc.end();
      await done;
      const name = documentName(document).replace(/ /g, "-");
      const file = join(work, `${name}-${locale}.pdf`);
      writeFileSync(file, Buffer.concat(chunks));
      execFileSync("pdftoppm", ["-png", "-r", "56", "-singlefile", file, join(out, `${name}-${locale}`)]);
      console.log(`${out}/${name}-${locale}.png (${pages.length} pages)`);
    }
  }
}
