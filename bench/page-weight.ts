import { gzipSync } from "node:zlib";

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
 * imports (the route manifest included), the language catalogue chunks it loads before
 * hydrating, and the stylesheets (linked or inlined).
 */
export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const html = await (await fetch(`${baseUrl}${path}`, { headers: { "accept-language": "en" } })).text();
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
      code = await (await fetch(`${baseUrl}${src}`)).text();
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
  // The page's language's catalogue, as the entry loads it before hydrating: the quiz's part alone
  // on a quiz page (the document names it), both parts elsewhere. The chunks are found by the
  // language's name in the scripts' import maps (the console's are another file).
  const quizOnly = /<html[^>]* data-catalogues="[^"]*\bquiz\b/.test(html);
  const parts = new Set<string>();
  for (const src of [...scripts]) {
    const pattern = new RegExp(
      `(?<!console-)catalogues/${lang}\\.json["']:[^\`"']*[\`"']\\./(${lang}-[\\w-]+\\.js)`,
      "g",
    );
    for (const m of (await fetchScript(src)).matchAll(pattern)) parts.add(`/assets/${m[1]}`);
  }
  for (const part of parts) {
    const isQuizPart = (await fetchScript(part)).includes('"quiz":');
    if (isQuizPart || !quizOnly) scripts.add(part);
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
  return { path, htmlGzip: gz(html), jsGzip, cssGzip, files: scripts.size + styles.length, scripts: [...scripts] };
}
