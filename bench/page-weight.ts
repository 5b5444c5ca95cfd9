import { gzipSync } from "node:zlib";
import { catalogueParts } from "../apps/web/app/i18n/catalogue-parts.ts";

export type PageWeight = {
  path: string;
  htmlGzip: number;
  jsGzip: number;
  cssGzip: number;
  files: number;
  /** The scripts counted, by address. */
  scripts: string[];
};

/**
 * What a first visit to a page downloads, gzipped: the HTML, every script its boot script
 * imports, the language catalogue chunks it loads before hydrating, and the stylesheets (linked
 * or inlined).
 */
export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const html = await text(`${baseUrl}${path}`, { headers: { "accept-language": "en" } });
  const lang = /<html lang="([a-z]{2})"/.exec(html)?.[1] ?? "en";
  // The route manifest's own file is not among them: with lazy route discovery the document
  // carries the page's part of the manifest inline, and its `"url"` is never fetched.
  const scripts = new Set(
    [...html.matchAll(/(?:modulepreload" href=|import \* as \w+ from |import )"(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1] as string,
    ),
  );
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(m[1] as string);
  const sources = new Map<string, string>();
  const fetchScript = async (src: string) => {
    let code = sources.get(src);
    if (code === undefined) {
      code = await text(`${baseUrl}${src}`);
      sources.set(src, code);
    }
    return code;
  };
  // Follow static imports, so a chunk that only re-exports another does not hide its weight.
  for (const src of scripts) {
    for (const m of (await fetchScript(src)).matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) {
      scripts.add(`/assets/${m[1]}`);
    }
  }
  // The page's language's catalogue, as the entry loads it before hydrating: the part the
  // document names, else the whole. Each chunk is named by its language and part
  // (`en-offer-….js`), found in the scripts' dynamic imports.
  const named = /<html[^>]* data-catalogues="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  const part = catalogueParts.find((name) => named.includes(name)) ?? "whole";
  const wanted = new RegExp(`["'\`]\\./(${lang}-${part}-[\\w-]{8}\\.js)["'\`]`, "g");
  const before = scripts.size;
  for (const src of [...scripts]) {
    for (const m of (await fetchScript(src)).matchAll(wanted)) scripts.add(`/assets/${m[1]}`);
  }
  // A page always loads its catalogue: finding none means the chunks are named otherwise now.
  if (scripts.size === before) throw new Error(`${path}: no catalogue chunk found`);
  const styles = [...html.matchAll(/rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] as string);
  // The app's stylesheet is inlined in the document's head (first paint waits for no request);
  // it counts as CSS here, and as part of the HTML document too.
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string).join("");
  const gz = (text: string) => gzipSync(text, { level: 9 }).length;
  let jsGzip = 0;
  for (const src of scripts) jsGzip += gz(await fetchScript(src));
  let cssGzip = inlineCss ? gz(inlineCss) : 0;
  for (const src of styles) cssGzip += gz(await text(`${baseUrl}${src}`));
  return { path, htmlGzip: gz(html), jsGzip, cssGzip, files: scripts.size + styles.length, scripts: [...scripts] };
}

/** A response's text; a refusal (an overloaded server's 503, say) fails the measure instead of weighing nothing. */
async function text(url: string, init?: RequestInit): Promise<string> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
