import { afterAll, describe, expect, it } from "vitest";
import { kit } from "./catalogue.ts";
import { renderPdf, renderPreviewSvg } from "./render.server.ts";
import { RenderPool } from "./render-pool.server.ts";

// Rendering on worker threads gives the same bytes as in-process, in order, in parallel.

const pool = new RenderPool(2);
afterAll(() => pool.close());

const request = (index: number) => {
  const item = kit.levels[1]?.items[index];
  if (!item) throw new Error("no item");
  return {
    document: { kind: "item" as const, id: item.id },
    locale: "ar" as const,
    paper: "a4" as const,
    childName: "سارة",
    title: "t",
  };
};

describe("the render pool", () => {
  it("renders the same bytes as rendering in-process", async () => {
    const [pooled, local] = await Promise.all([pool.render(request(0)), renderPdf(request(0))]);
    expect(pooled.equals(local.bytes)).toBe(true);
  }, 30_000);

  it("answers each request with its own file when many wait", async () => {
    const files = await Promise.all([0, 1, 2, 3, 4].map((index) => pool.render(request(index))));
    const expected = await Promise.all([0, 1, 2, 3, 4].map(async (index) => (await renderPdf(request(index))).bytes));
    for (const [index, file] of files.entries()) expect(file.equals(expected[index] as Buffer)).toBe(true);
  }, 30_000);

  it("draws a page's preview with the child's name, as drawing it in-process does", async () => {
    const itemId = request(0).document.id;
    const [pooled, other] = await Promise.all([
      pool.preview({ itemId, locale: "ar", displayWidth: 240, childName: "سارة" }),
      pool.render(request(1)),
    ]);
    expect(pooled.toString()).toBe(renderPreviewSvg(itemId, "ar", 240, "سارة"));
    expect(other.subarray(0, 5).toString()).toBe("%PDF-");
  }, 30_000);

  it("lets an idle thread go, and starts one again for the next job", async () => {
    const brief = new RenderPool(1, { idleMs: 100 });
    try {
      const itemId = request(0).document.id;
      await brief.preview({ itemId, locale: "en", displayWidth: 120, childName: "Sam" });
      expect(brief.threads).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(brief.threads).toBe(0);
      const again = await brief.preview({ itemId, locale: "en", displayWidth: 120, childName: "Sam" });
      expect(again.toString()).toBe(renderPreviewSvg(itemId, "en", 120, "Sam"));
    } finally {
      await brief.close();
    }
  }, 30_000);

  it("refuses work once closed", async () => {
    const closed = new RenderPool(1);
    await closed.close();
    await expect(closed.render(request(0))).rejects.toThrow(/closed/);
  });
});
