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
  const sources = new Map<string, string>();
  const fetchScript = async (src: string) => {
    let code = sources.get(src);
    if (code === undefined) {
      code = await (await fetch(`${baseUrl}${src}`)).text();
      sources.set(src, code);
    }
    return code;
  };
  // The client entry imports the page's catalogue before it hydrates; find it by its name.
  const entry = [...scripts].find((src) => src.includes("entry.client"));
  if (entry) {
    const catalogue = new RegExp(
      `(?<!console-)catalogues/${lang}\\.json["']:[^\`"']*[\`"']\\./(${lang}-[\\w-]+\\.js)`,
    ).exec(await fetchScript(entry))?.[1];
    if (catalogue) scripts.add(`/assets/${catalogue}`);
  }
  // Follow static imports, so a chunk that only re-exports another does not hide its weight.
  for (const src of scripts) {
    for (const m of (await fetchScript(src)).matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) {
      scripts.add(`/assets/${m[1]}`);
    }
  }
  const styles = [...html.matchAll(/rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] as string);
  // The app's stylesheet is inlined in the document's head (first paint waits for no request);
  // it counts as CSS here, and as part of the HTML document too.
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string).join("");
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  let jsGzip = 0;
  for (const src of scripts) jsGzip += gz(await fetchScript(src));
  let cssGzip = inlineCss ? gz(inlineCss) : 0;
  for (const src of styles) cssGzip += gz(await (await fetch(`${baseUrl}${src}`)).text());
  return { path, htmlGzip: gz(html), jsGzip, cssGzip, files: scripts.size + styles.length };
}
