import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerScriptPreloadPriority } from "./script-preload-priority.server.ts";

const through = (chunks: (string | Buffer)[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowerScriptPreloadPriority()));

const document = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/>',
  '<link rel="modulepreload" href="/assets/b.js"/><link rel="preload" as="font" href="/f.woff2"/></he',
  'ad><body><p>قائمة <link rel="modulepreload" href="/in-body.js"/></p></body></html>',
];

describe("lowerScriptPreloadPriority", () => {
  it("marks the head's module preloads low, across chunk boundaries, and nothing else", async () => {
    const html = await through(document);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>');
    expect(html).toContain('<link rel="preload" as="font" href="/f.woff2"/>');
    expect(html).toContain('<p>قائمة <link rel="modulepreload" href="/in-body.js"/></p>');
  });

  it("keeps a character split between two chunks whole", async () => {
    const bytes = Buffer.from(`<head><link rel="modulepreload" href="/é.js"/></head><body>ب</body>`);
    const splits = [bytes.indexOf("é") + 1, bytes.lastIndexOf(Buffer.from("ب")) + 1];
    const html = await through([
      bytes.subarray(0, splits[0]),
      bytes.subarray(splits[0], splits[1]),
      bytes.subarray(splits[1]),
    ]);
    expect(html).toBe('<head><link rel="modulepreload" fetchpriority="low" href="/é.js"/></head><body>ب</body>');
  });

  it("still releases a document that never closes its head", async () => {
    expect(await through(['<head><link rel="modulepreload" href="/a.js"/>'])).toBe(
      '<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
    );
  });
});
