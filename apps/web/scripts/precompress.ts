import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Compress the client build once, at the highest levels, so the server sends ready-made
// .br/.gz files instead of compressing every asset response on the fly.

const root = new URL("../build/client/", import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest|ico)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let jsGzip = 0;
for await (const path of files(root)) {
  if (!compressible.test(path)) continue;
  const body = await readFile(path);
  if (body.length < 1024) continue;
  const gz = gzipSync(body, { level: 9 });
  await writeFile(`${path}.gz`, gz);
  await writeFile(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  if (path.endsWith(".js")) jsGzip += gz.length;
  count += 1;
}
console.error(`precompressed ${count} files; all client JS together: ${(jsGzip / 1024).toFixed(1)} KB gzipped`);
