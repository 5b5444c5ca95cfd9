import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferBoot, rewriteBootMarkup } from "./deferred-boot.server.ts";

// The end of a document as React Router writes it (its <Scripts>), with a multi-byte letter.
const scripts =
  '<p>Готово ✓</p><link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n0"/>' +
  '<script nonce="n0">window.__reactRouterContext = {"url":"/"};</script>' +
  '<script nonce="n0" type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\n' +
  'window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-2.js");</script></body></html>';

describe("the deferred boot", () => {
  it("drops the module preloads and keeps the module script as text a loader starts", () => {
    const { output, rest } = rewriteBootMarkup(scripts);
    expect(rest).toBe("");
    expect(output).not.toMatch(/<link rel="modulepreload"/);
    expect(output).not.toMatch(/<script[^>]*type="module"/);
    // The chunks it preloaded, for the loader to preload when it starts.
    expect(output).toContain(
      '<script type="text/plain" id="kr-boot" data-preload="/assets/manifest-1.js /assets/entry.client-2.js">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";',
    );
    // The loader carries the page's nonce, and the context script is untouched.
    expect(output).toMatch(/<script nonce="n0">\(function\(\)\{var d=document,n=d\.currentScript\.nonce/);
    expect(output).toContain('<script nonce="n0">window.__reactRouterContext = {"url":"/"};</script>');
  });

  it("gives the same document whatever the chunks the stream arrives in", async () => {
    const whole = rewriteBootMarkup(scripts, []).output;
    const bytes = Buffer.from(scripts);
    for (let split = 1; split < bytes.length; split += 1) {
      const chunks = [bytes.subarray(0, split), bytes.subarray(split)];
      expect(await text(Readable.from(chunks).pipe(deferBoot()))).toBe(whole);
    }
  });

  it("sends what is complete at once, holding back only a tag that has begun", () => {
    expect(rewriteBootMarkup('<main>a</main><link rel="modulep')).toEqual({
      output: "<main>a</main>",
      rest: '<link rel="modulep',
    });
    expect(rewriteBootMarkup('<p>b</p><script nonce="n0" type="module" async="">import "/a.js";')).toEqual({
      output: "<p>b</p>",
      rest: '<script nonce="n0" type="module" async="">import "/a.js";',
    });
  });

  it("sends React's burst of small writes as one chunk, and what comes later as soon as it comes", async () => {
    const stream = deferBoot();
    const sent: string[] = [];
    stream.on("data", (chunk: Buffer) => sent.push(chunk.toString()));
    for (let piece = 0; piece < 20; piece += 1) stream.write(`<p>${piece}</p>`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([Array.from({ length: 20 }, (_, piece) => `<p>${piece}</p>`).join("")]);
    // A part that arrives later (a boundary React streams once its data is in) is not held.
    stream.write("<template>late</template>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(2);
    stream.end("</body></html>");
    await new Promise((resolve) => stream.on("end", resolve).resume());
    expect(sent.join("")).toMatch(/<template>late<\/template><\/body><\/html>$/);
  });
});
