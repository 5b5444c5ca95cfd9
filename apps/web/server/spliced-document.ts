import { randomBytes } from "node:crypto";
import zlib from "node:zlib";

// A document that is the same for many responses except for one short value (the CSP nonce),
// compressed once with a hole wherever the value goes: each response fills the holes with its
// own value without compressing again. The holes are raw blocks, which both formats have: a
// stored block in deflate (gzip), an uncompressed meta-block in brotli. The encoder is flushed
// to a byte boundary around each hole and sees, in its place, filler bytes that appear nowhere
// else, so nothing compressed after a hole copies from it; the filler ends with the value's own
// last two bytes, the context brotli codes the next literals in. Every encoding is checked by
// decompressing it with three values before it is used; one that does not come back exactly is
// dropped and that response is compressed as usual.

/** Encodings a spliced document can be sent in, besides identity. */
export type SplicedEncoding = "br" | "gzip";

export type SplicedDocument = {
  /** The value's length: a response's value must have it (the holes are that long). */
  valueLength: number;
  /** The value's last two characters, which every response's value must share (brotli's context). */
  valueEnding: string;
  /** The document's text between the holes, UTF-8. */
  text: readonly Buffer[];
  /** Per encoding, the compressed pieces between the holes (and the gzip header and end). */
  compressed: Partial<Record<SplicedEncoding, { pieces: readonly Buffer[]; head: Buffer; tail: Buffer }>>;
};

/** The document with `value` in its holes, in the encoding asked (identity when that one is absent). */
export function spliceDocument(
  document: SplicedDocument,
  value: string,
  encoding: SplicedEncoding | "identity",
): { body: Buffer; encoding: SplicedEncoding | "identity" } {
  const filled = Buffer.from(value, "latin1");
  if (filled.length !== document.valueLength || value.length !== filled.length) {
    throw new Error("a spliced value must be latin1 text of the holes' length");
  }
  const sameEnding = value.endsWith(document.valueEnding);
  const compressed = encoding === "identity" || !sameEnding ? undefined : document.compressed[encoding];
  if (!compressed || encoding === "identity") return { body: interleave(document.text, filled), encoding: "identity" };
  const hole = encoding === "br" ? brotliRawBlock(filled) : deflateStoredBlock(filled);
  const middle = interleave(compressed.pieces, hole);
  if (encoding === "br") return { body: Buffer.concat([compressed.head, middle, compressed.tail]), encoding };
  // gzip's trailer: CRC-32 and length of what the browser ends up with.
  let crc = 0;
  for (const [index, piece] of document.text.entries()) {
    if (index > 0) crc = zlib.crc32(filled, crc);
    crc = zlib.crc32(piece, crc);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(textLength(document) % 2 ** 32, 4);
  return { body: Buffer.concat([compressed.head, middle, compressed.tail, trailer]), encoding };
}

/**
 * Compresses `text` split at every occurrence of `value` (whose text never appears split or
 * escaped otherwise: the caller's nonce, random), as brotli and gzip, and checks both.
 */
export async function buildSplicedDocument(text: string, value: string): Promise<SplicedDocument> {
  const pieces = text.split(value).map((piece) => Buffer.from(piece, "utf8"));
  const valueLength = Buffer.byteLength(value, "latin1");
  const document: SplicedDocument = { valueLength, valueEnding: value.slice(-2), text: pieces, compressed: {} };
  const sound = (encoding: SplicedEncoding, compressed: { pieces: Buffer[]; head: Buffer; tail: Buffer }) =>
    roundTrips({ ...document, compressed: { [encoding]: compressed } }, encoding);

  const deflated = await compressAround(
    zlib.createDeflateRaw({ level: 9 }),
    pieces,
    fillersFor(pieces.length - 1, value),
    zlib.constants.Z_SYNC_FLUSH,
  );
  // A fixed gzip header: deflate, no name, no time, unknown system.
  const gzip = { head: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]), ...deflated };
  if (sound("gzip", gzip)) document.compressed.gzip = gzip;
  // Above quality 4 brotli also copies short runs from recently used distances, which a filler
  // can happen to match (its copy then moves the decoder's distances): new fillers are tried,
  // then quality 4, which copies nothing shorter than four bytes.
  for (const quality of [9, 9, 4]) {
    const encoder = zlib.createBrotliCompress(brotliOptions(text, quality));
    const fillers = fillersFor(pieces.length - 1, value);
    const br = {
      head: Buffer.alloc(0),
      ...(await compressAround(encoder, pieces, fillers, zlib.constants.BROTLI_OPERATION_FLUSH)),
    };
    if (!sound("br", br)) continue;
    document.compressed.br = br;
    break;
  }
  return document;
}

const brotliOptions = (text: string, quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    // Once per cached document, so a better ratio than a per-response stream's quality 4.
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
  },
});

/** Bytes no HTML document holds (C0 controls other than tab, newline, form feed, return). */
const fillerBytes = [...Array(32).keys()].filter((byte) => ![0, 9, 10, 12, 13].includes(byte));

/**
 * One filler per hole, as long as the value and ending with its last two bytes; their other
 * bytes are distinct sequences of control bytes, so no four of them in a row repeat.
 */
function fillersFor(count: number, value: string): Buffer[] {
  const ending = Buffer.from(value.slice(-2), "latin1");
  const seen = new Set<string>();
  return Array.from({ length: count }, () => {
    for (;;) {
      const random = randomBytes(value.length - 2);
      const body = Buffer.from(random.map((byte) => fillerBytes[byte % fillerBytes.length] ?? 1));
      const grams = Array.from({ length: body.length - 3 }, (_, index) =>
        body.subarray(index, index + 4).toString("hex"),
      );
      if (grams.some((gram) => seen.has(gram))) continue;
      for (const gram of grams) seen.add(gram);
      return Buffer.concat([body, ending]);
    }
  });
}

/** The compressed bytes of each piece, flushed to a byte boundary; what the fillers became is dropped. */
async function compressAround(
  encoder: zlib.BrotliCompress | zlib.DeflateRaw,
  pieces: readonly Buffer[],
  fillers: readonly Buffer[],
  flushKind: number,
): Promise<{ pieces: Buffer[]; tail: Buffer }> {
  const out: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => out.push(chunk));
  const flushed = async (input: Buffer) => {
    encoder.write(input);
    await new Promise<void>((resolve) => encoder.flush(flushKind, () => resolve()));
    return Buffer.concat(out.splice(0));
  };
  const compressed: Buffer[] = [];
  for (const [index, piece] of pieces.entries()) {
    // Nothing between two holes (or after the last) adds nothing: a flush without input may
    // emit nothing, or an empty block, after the dropped filler's. The first piece carries the stream's header.
    compressed.push(piece.length > 0 || index === 0 ? await flushed(piece) : Buffer.alloc(0));
    const filler = fillers[index];
    if (filler) await flushed(filler);
  }
  await new Promise<void>((resolve, reject) => {
    encoder.once("end", resolve);
    encoder.once("error", reject);
    encoder.end();
  });
  return { pieces: compressed, tail: Buffer.concat(out) };
}

/** Decompressing with three unrelated values gives the text with each value: the encoding is sound. */
function roundTrips(document: SplicedDocument, encoding: SplicedEncoding): boolean {
  const trials = [1, 2, 3].map(() => randomValue(document.valueLength));
  for (const trial of trials.map((random) => random.slice(0, -2) + document.valueEnding)) {
    try {
      const { body } = spliceDocument(document, trial, encoding);
      const plain = encoding === "br" ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
      if (!plain.equals(interleave(document.text, Buffer.from(trial, "latin1")))) return false;
    } catch {
      return false;
    }
  }
  return true;
}

const randomValue = (length: number) => randomBytes(length).toString("base64").slice(0, length);

/** An uncompressed brotli meta-block (RFC 7932 9.2): not last, four nibbles of length, raw bytes. */
function brotliRawBlock(bytes: Buffer): Buffer {
  const header = ((bytes.length - 1) << 3) | (1 << 19);
  return Buffer.concat([Buffer.from([header & 255, (header >> 8) & 255, (header >> 16) & 255]), bytes]);
}

/** A stored deflate block (RFC 1951 3.2.4): not final, the length and its complement, raw bytes. */
function deflateStoredBlock(bytes: Buffer): Buffer {
  const header = Buffer.from([
    0,
    bytes.length & 255,
    bytes.length >> 8,
    ~bytes.length & 255,
    (~bytes.length >> 8) & 255,
  ]);
  return Buffer.concat([header, bytes]);
}

function interleave(pieces: readonly Buffer[], between: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) parts.push(between);
    parts.push(piece);
  }
  return Buffer.concat(parts);
}

function textLength(document: SplicedDocument): number {
  return (
    document.text.reduce((sum, piece) => sum + piece.length, 0) + (document.text.length - 1) * document.valueLength
  );
}
