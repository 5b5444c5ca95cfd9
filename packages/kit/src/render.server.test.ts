import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kit } from "./catalogue.ts";
import { countPages, runQualityGate, sampleEntries } from "./quality-gate.server.ts";
import { paperFor, RenderCache, renderKey, renderPdf, renderPreviewSvg } from "./render.server.ts";

// Real PDFs: one page per item, the same bytes for the same input, the child's name and the
// language's words in the extracted text, the paper of the country, and the quality gate over a
// sample of every template in every language (the full run is bench/printables.ts).

const trial = kit.levels[0]?.items ?? [];
const first = trial.find((item) => item.kind === "printable");
if (!first) throw new Error("no trial printable");
const entry = { item: first, place: { level: 0 as const } };
const directory = mkdtempSync(join(tmpdir(), "kit-"));

function pdftotext(bytes: Buffer): string {
  const file = join(directory, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("rendering the kit", () => {
  it("renders the same bytes for the same input, and a new key for another name", async () => {
    const request = { items: [entry], locale: "en" as const, paper: "a4" as const, childName: "Mia", title: "t" };
    const [a, b] = await Promise.all([renderPdf(request), renderPdf(request)]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(renderKey({ ...request, childName: "Noah" })).not.toBe(a.key);
  });

  it("writes a level as one PDF with a page per item, text extractable", async () => {
    const items = trial.map((item) => ({ item, place: { level: 0 as const } }));
    const pdf = await renderPdf({ items, locale: "en", paper: "letter", childName: "Mia", title: "Trial" });
    expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(countPages(pdf.bytes)).toBe(items.length);
    const text = pdftotext(pdf.bytes);
    expect(text).toContain("Made for Mia");
    expect(text).toContain("Trial level");
    writeFileSync(join(directory, "level.pdf"), pdf.bytes);
    const info = execFileSync("pdfinfo", [join(directory, "level.pdf")], { encoding: "utf8" });
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it("shapes Arabic and Cyrillic into real text", async () => {
    const ar = pdftotext(
      (await renderPdf({ items: [entry], locale: "ar", paper: "a4", childName: "سارة", title: "t" })).bytes,
    );
    expect(ar).toContain("سارة");
    const ru = pdftotext(
      (await renderPdf({ items: [entry], locale: "ru", paper: "a4", childName: "Маша", title: "t" })).bytes,
    );
    expect(ru).toContain("Маша");
  });

  it("picks Letter for North America and A4 elsewhere", () => {
    expect([paperFor("US"), paperFor("ca"), paperFor("de"), paperFor(null)]).toEqual(["letter", "letter", "a4", "a4"]);
  });

  it("draws a small SVG preview from the same code", () => {
    const svg = renderPreviewSvg(first, { level: 0 }, "ar");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.length).toBeLessThan(40_000);
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
    "passes the quality gate on a sample in every language on %s",
    async (paper) => {
      const reports = await runQualityGate(sampleEntries(9, paper === "a4" ? 0 : 4), undefined, paper);
      for (const report of reports) {
        expect(report.issues, report.locale).toEqual([]);
        expect(report.oversized, report.locale).toEqual([]);
        expect(report.pages, report.locale).toBe(report.items);
      }
    },
    120_000,
  );
});
