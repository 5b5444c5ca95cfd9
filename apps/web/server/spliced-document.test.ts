import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createNonce } from "./content-security-policy.ts";
import { buildSplicedDocument, spliceDocument } from "./spliced-document.ts";

// A document compressed once with holes for the nonce must decompress, for any nonce, to the
// document with that nonce: in brotli, in gzip and as it is.

const decompress = (body: Buffer, encoding: string) =>
  (encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body).toString(
    "utf8",
  );

/** A page-like document: repeated markup, a long stylesheet, text in two scripts, the nonce in many places. */
function pageWith(nonce: string): string {
  const style = Array.from({ length: 400 }, (_, index) => `.c${index}{margin:${index}px;color:#${index}}`).join("");
  const scripts = Array.from(
    { length: 30 },
    (_, index) => `<link rel="modulepreload" href="/assets/chunk-${index}.js" nonce="${nonce}"/>`,
  ).join("\n");
  return `<!DOCTYPE html><html lang="ar"><head><style nonce="${nonce}">${style}</style>${scripts}</head><body><h1>مرحبا بكم</h1><p>Готовность к школе ${"== ".repeat(50)}</p><script nonce="${nonce}">window.__ctx={"a":1}</script></body></html>${nonce}`;
}

describe("a document spliced with each response's nonce", () => {
  it("decompresses to the document with that nonce, in every encoding and for many nonces", async () => {
    const rendered = createNonce();
    const document = await buildSplicedDocument(pageWith(rendered), rendered);
    expect(Object.keys(document.compressed).sort()).toEqual(["br", "gzip"]);
    for (let trial = 0; trial < 40; trial += 1) {
      const nonce = createNonce();
      for (const encoding of ["br", "gzip", "identity"] as const) {
        const { body, encoding: sent } = spliceDocument(document, nonce, encoding);
        expect(sent).toBe(encoding);
        const text = decompress(body, sent);
        expect(text).toBe(pageWith(nonce));
        expect(text).not.toContain(rendered);
      }
    }
  });

  it("compresses the document", async () => {
    const nonce = createNonce();
    const text = pageWith(nonce);
    const document = await buildSplicedDocument(text, nonce);
    for (const encoding of ["br", "gzip"] as const) {
      expect(spliceDocument(document, createNonce(), encoding).body.length).toBeLessThan(Buffer.byteLength(text) / 3);
    }
  });

  it("has holes at the very start and end, and side by side", async () => {
    const nonce = createNonce();
    const text = `${nonce}${nonce}<p nonce="${nonce}">${"x".repeat(3000)}</p>${nonce}`;
    const document = await buildSplicedDocument(text, nonce);
    expect(Object.keys(document.compressed).sort()).toEqual(["br", "gzip"]);
    const other = createNonce();
    for (const encoding of ["br", "gzip"] as const) {
      expect(decompress(spliceDocument(document, other, encoding).body, encoding)).toBe(text.replaceAll(nonce, other));
    }
  });

  it("sends the text as it is for a value of another shape than the holes'", async () => {
    const nonce = createNonce();
    const document = await buildSplicedDocument(pageWith(nonce), nonce);
    const unpadded = randomBytes(18).toString("base64");
    expect(unpadded.length).toBe(nonce.length);
    const { body, encoding } = spliceDocument(document, unpadded, "br");
    expect(encoding).toBe("identity");
    expect(body.toString("utf8")).toBe(pageWith(unpadded));
    expect(() => spliceDocument(document, "short==", "br")).toThrow();
  });
});
