import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// A parent's page paints before any of its scripts is fetched or run. React Router writes a
// module preload for every chunk the page needs and one module script that imports them and
// starts the client: fetched with the HTML and run before the first frame, they hold the first
// paint back on a slow phone. The document is rewritten as it streams: the preloads are taken
// out, and the module script is kept as inert text that a small inline loader starts after the
// first paint, or at once on the parent's first pointerdown or keydown, preloading the same
// chunks first so they download together rather than one import level at a time. A tap before the page
// is interactive is answered by the HTML itself: every step is a plain form or link.

const preload = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const moduleScript = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/g;
/** Where the inert copy of the module script is kept for the loader. */
export const deferredBootId = "kr-boot";

// Runs where it stands: reads its own nonce, and once the browser reports the first contentful
// paint (or on input) adds the chunks' preloads and the module script with it, once. The next
// frame, which it waited for before, came before that paint was presented: the chunks were then
// fetched "before the first paint" and Lighthouse's simulation counted them against it. Without
// paint timing, the next frame; should the report never come, a second after that frame.
const loader = `(function(){var d=document,n=d.currentScript.nonce,done=0;function go(){if(done)return;done=1;removeEventListener("pointerdown",go,true);removeEventListener("keydown",go,true);var b=d.getElementById("${deferredBootId}");(b.dataset.preload||"").split(" ").forEach(function(h){if(!h)return;var l=d.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=n;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.nonce=n;s.textContent=b.textContent;d.body.appendChild(s)}addEventListener("pointerdown",go,true);addEventListener("keydown",go,true);var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});requestAnimationFrame(function(){setTimeout(go,1000)})}else requestAnimationFrame(function(){setTimeout(go,0)})})()`;

/**
 * The rewrite of as much of the document as is complete: what can be sent, and the tail held
 * back because a tag this rewrites may have only begun in it (a `<link` or `<script` whose end
 * has not arrived). `preloads` gathers the preloaded chunks (they come before the module script)
 * for the loader to preload when it starts.
 */
export function rewriteBootMarkup(text: string, preloads: string[] = []): { output: string; rest: string } {
  let cut = text.length;
  const open = text.lastIndexOf("<");
  if (open >= 0 && text.indexOf(">", open) < 0) cut = open;
  const script = text.lastIndexOf("<script", cut);
  if (script >= 0 && text.indexOf("</script>", script) < 0) cut = script;
  const ready = text
    .slice(0, cut)
    .replace(preload, (_match, href: string) => {
      preloads.push(href);
      return "";
    })
    .replace(
      moduleScript,
      (_match, attributes: string, body: string) =>
        `<script type="text/plain" id="${deferredBootId}" data-preload="${preloads.join(" ")}">${body}</script><script${attributes}>${loader}</script>`,
    );
  return { output: ready, rest: text.slice(cut) };
}

/**
 * The document stream with the boot deferred, rewritten chunk by chunk (never held whole). React
 * writes a finished part of the page as many 2 KB pieces in one go; they leave as one chunk once
 * that burst is over, so compression and the socket see one write instead of dozens.
 */
export function deferBoot(): Transform {
  const decoder = new StringDecoder("utf8");
  const preloads: string[] = [];
  let rest = "";
  let pending = "";
  let scheduled: NodeJS.Immediate | undefined;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = rest + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const rewritten = rewriteBootMarkup(text, preloads);
      rest = rewritten.rest;
      pending += rewritten.output;
      scheduled ??= setImmediate(() => {
        scheduled = undefined;
        if (pending) this.push(pending);
        pending = "";
      });
      done();
    },
    flush(done) {
      clearImmediate(scheduled);
      const last = rewriteBootMarkup(rest + decoder.end(), preloads);
      done(null, pending + last.output + last.rest);
    },
    destroy(error, done) {
      clearImmediate(scheduled);
      done(error);
    },
  });
}
