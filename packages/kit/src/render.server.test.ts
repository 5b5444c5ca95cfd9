import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { documentPages } from "./book/book-document.ts";
import { kit } from "./catalogue.ts";
import { countPages, runQualityGate } from "./quality-gate.server.ts";
import { defaultPaper, paperFor, RenderCache, renderKey, renderPdf, renderPreviewSvg } from "./render.server.ts";

// Real PDFs: a level as a book (cover with the child's name, contents, guide, worksheets, card
// sheets, answer key, certificate), the same bytes for the same input, the language's words in
// the extracted text, pictures embedded once, the paper asked for, and the quality and content
// gate over a sample in every language (the full run is bench/printables.ts).

const directory = mkdtempSync(join(tmpdir(), "kit-"));
const trial = { kind: "level" as const, number: 0 as const };

function saved(bytes: Buffer): string {
  const file = join(directory, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

function pdftotext(bytes: Buffer, pages?: [number, number]): string {
  const range = pages ? ["-f", String(pages[0]), "-l", String(pages[1])] : [];
  return execFileSync("pdftotext", ["-layout", ...range, saved(bytes), "-"], { encoding: "utf8" });
}

describe("rendering the kit", () => {
  it("renders the same bytes for the same input, and a new key for another name", async () => {
    const first = kit.levels[0]?.items.find((item) => item.kind === "printable");
    if (!first) throw new Error("no trial printable");
    const request = {
      document: { kind: "item" as const, id: first.id },
      locale: "en" as const,
      paper: "a4" as const,
      childName: "Mia",
      title: "t",
    };
    const [a, b] = await Promise.all([renderPdf(request), renderPdf(request)]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(renderKey({ ...request, childName: "Noah" })).not.toBe(a.key);
  });

  it("prints a level as a book: cover with the name, contents, guide, answer key and certificate", async () => {
    const pdf = await renderPdf({ document: trial, locale: "en", paper: "letter", childName: "Mia", title: "Trial" });
    const pages = documentPages(trial, "en");
    expect(countPages(pdf.bytes)).toBe(pages.length);
    expect(pages.map((page) => page.kind).slice(0, 3)).toEqual(["cover", "contents", "guide"]);
    expect(pages.at(-1)?.kind).toBe("certificate");
    const cover = pdftotext(pdf.bytes, [1, 1]);
    expect(cover).toContain("Trial level");
    expect(cover).toContain("Mia");
    expect(pdftotext(pdf.bytes, [2, 2])).toContain("Contents");
    const last = pdftotext(pdf.bytes, [pages.length, pages.length]);
    expect(last).toContain("Certificate");
    expect(last).toContain("Mia");
    const answers = pages.findIndex((page) => page.kind === "answers") + 1;
    expect(answers).toBeGreaterThan(3);
    expect(pdftotext(pdf.bytes, [answers, answers])).toContain("Answer key");
    const info = execFileSync("pdfinfo", [saved(pdf.bytes)], { encoding: "utf8" });
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it("opens a level with its own guide and a plan of the month, led by what the parent asked about", async () => {
    const level = { kind: "level", number: 1 } as const;
    const pdf = await renderPdf({
      document: level,
      locale: "en",
      paper: "a4",
      topics: [{ topic: "emotions", words: "Naming feelings" }],
      childAge: 3,
      title: "L1",
    });
    expect(
      documentPages(level, "en")
        .slice(2, 4)
        .map((page) => page.kind),
    ).toEqual(["guide", "plan"]);
    const guide = pdftotext(pdf.bytes, [3, 3]);
    expect(guide).toContain("For grown-ups: Level 1");
    expect(guide).toContain("Counts to 5");
    expect(guide).toContain("If something is hard");
    const plan = pdftotext(pdf.bytes, [4, 4]);
    expect(plan).toContain("Naming feelings");
    expect(plan).toContain("Week 4");
    expect(plan).toContain("Day 20");
    // The child's age, said in words: a three-year-old's weeks start with pencil and scissors.
    expect(plan.replace(/\s+/g, " ")).toContain("three or younger, so each week starts with pencil and scissors");
    const without = await renderPdf({ document: level, locale: "en", paper: "a4", title: "L1" });
    expect(pdftotext(without.bytes, [4, 4])).not.toContain("Naming feelings");
    expect(pdftotext(without.bytes, [4, 4])).not.toContain("three or younger");
    expect(without.key).not.toBe(pdf.key);
  });

  it("embeds each picture once per file and places it again by reference", async () => {
    const keys = new Set<string>();
    let placed = 0;
    const pdf = await renderPdf(
      { document: { kind: "level", number: 1 }, locale: "en", paper: "a4", childName: "Mia", title: "L1" },
      {
        wrap: (surface) => ({
          width: surface.width,
          height: surface.height,
          path: (d, paint) => surface.path(d, paint),
          text: (run, color) => surface.text(run, color),
          symbol: (drawing, at) => {
            keys.add(drawing.key);
            placed++;
            surface.symbol(drawing, at);
          },
          transformed: (at, draw) => surface.transformed(at, draw),
        }),
      },
    );
    const forms = pdf.bytes.toString("latin1").match(/\/Subtype \/Form/g)?.length ?? 0;
    expect(forms).toBe(keys.size);
    expect(placed).toBeGreaterThan(forms * 2);
    expect(pdf.bytes.length).toBeLessThan(3 * 1024 * 1024);
  }, 30_000);

  it("prints in colour, with the language's own script", async () => {
    const file = saved(
      (await renderPdf({ document: trial, locale: "ar", paper: "a4", childName: "سارة", title: "t" })).bytes,
    );
    const text = execFileSync("pdftotext", ["-f", "1", "-l", "1", file, "-"], { encoding: "utf8" });
    expect(text).toContain("سارة");
    // A worksheet page rasterised: some pixels are clearly coloured, not grey.
    const ppm = execFileSync("pdftoppm", ["-f", "5", "-l", "5", "-r", "20", file]);
    const header = ppm.toString("latin1", 0, 20).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
    expect(header).not.toBeNull();
    const pixels = ppm.subarray((header as RegExpMatchArray)[0].length);
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 3) {
      const [r, g, b] = [pixels[i] as number, pixels[i + 1] as number, pixels[i + 2] as number];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
    }
    expect(coloured).toBeGreaterThan(50);
    const ru = (await renderPdf({ document: trial, locale: "ru", paper: "a4", childName: "Маша", title: "t" })).bytes;
    expect(pdftotext(ru, [1, 1])).toContain("Маша");
  }, 30_000);

  it("picks the paper from the country, then the browser's region, then the language", () => {
    expect([paperFor("US"), paperFor("ca"), paperFor("de"), paperFor(null)]).toEqual(["letter", "letter", "a4", "a4"]);
    expect(defaultPaper("de", "US", "en")).toBe("a4");
    expect(defaultPaper(null, "GB", "en")).toBe("a4");
    expect(defaultPaper(null, "MX", "es")).toBe("letter");
    expect(defaultPaper(null, undefined, "en")).toBe("letter");
    expect(defaultPaper(null, undefined, "fr")).toBe("a4");
  });

  it("draws a small SVG preview from the same code, pictures included once", () => {
    const first = kit.levels[1]?.items.find(
      (item) => item.kind === "printable" && item.params.template === "count-objects",
    );
    if (!first) throw new Error("no counting page");
    const svg = renderPreviewSvg(first.id, "ar");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("<use href=");
    expect(svg.length).toBeLessThan(120_000);
  });

  it("caches by key and evicts the least recently used past its budget", async () => {
    const cache = new RenderCache(10);
    let renders = 0;
    const render = async () => {
      renders += 1;
      return Buffer.alloc(6);
    };
    await cache.get("a", render);
    await cache.get("a", render);
    await cache.get("b", render);
    await cache.get("a", render);
    expect(renders).toBe(3);
  });

  it.each(["a4", "letter"] as const)(
    "passes the quality and content gate on the trial level in every language on %s",
    async (paper) => {
      const reports = await runQualityGate([trial], localeCodes, paper);
      for (const report of reports) {
        expect(report.issues, report.locale).toEqual([]);
        expect(report.failures, report.locale).toEqual([]);
      }
    },
    120_000,
  );

  // Every book of the month in every language is in the gate of bench/printables.ts; one here.
  it("passes the quality and content gate on a book of the month in English and Arabic", async () => {
    const reports = await runQualityGate([{ kind: "month", number: 6 }], ["en", "ar"], "a4");
    for (const report of reports) {
      expect(report.pages.length, report.locale).toBeGreaterThanOrEqual(25);
      expect(report.issues, report.locale).toEqual([]);
      expect(report.failures, report.locale).toEqual([]);
    }
  }, 60_000);
});
