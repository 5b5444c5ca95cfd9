import { gzipSync } from "node:zlib";

export type PageWeight = { path: string; htmlGzip: number; jsGzip: number; cssGzip: number; files: number };

/**
 * What a first visit to a page downloads, gzipped: the HTML, every script it preloads or
 * imports (the route manifest included), the language catalogue chunk and the stylesheets
 * (linked or inlined).
 */
export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const html = await (await fetch(`${baseUrl}${path}`, { headers: { "accept-language": "en" } })).text();
  const lang = /<html lang="([a-z]{2})"/.exec(html)?.[1] ?? "en";
  const scripts = new Set(
    [...html.matchAll(/(?:modulepreload" href=|import \* as \w+ from |"url": )"(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1] as string,
    ),
  );
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(m[1] as string);
  // The catalogue chunk is imported by the client entry; find it by its name.
  const entry = [...scripts].find((src) => src.includes("entry.client"));
  if (entry) {
    const code = await (await fetch(`${baseUrl}${entry}`)).text();
    const catalogue = new RegExp(`"\\./(${lang}-[\\w-]+\\.js)"`).exec(code)?.[1];
    if (catalogue) scripts.add(`/assets/${catalogue}`);
  }
  const styles = [...html.matchAll(/rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] as string);
  // The app's stylesheet is inlined in the document's head (first paint waits for no request);
  // it counts as CSS here, and as part of the HTML document too.
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string).join("");
  const gz = async (src: string) =>
    gzipSync(Buffer.from(await (await fetch(`${baseUrl}${src}`)).arrayBuffer()), { level: 9 }).length;
  let jsGzip = 0;
  for (const src of scripts) jsGzip += await gz(src);
  let cssGzip = inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0;
  for (const src of styles) cssGzip += await gz(src);
  return { path, htmlGzip: gzipSync(html, { level: 9 }).length, jsGzip, cssGzip, files: scripts.size + styles.length };
}
