import { Transform } from "node:stream";

const preload = /<link rel="modulepreload"/g;
const headEnd = Buffer.from("</head>");

/**
 * The document stream with its head's module preloads marked `fetchpriority="low"`. The page is
 * server-rendered and readable before any script runs; the hydration scripts (React Router's
 * `<Scripts>`, hoisted into the head by React) otherwise load at high priority and compete with
 * the document's fonts for a slow connection before the first paint. The head is held until
 * `</head>` (React writes it at once with the shell), then everything passes untouched.
 */
export function lowerScriptPreloadPriority(): Transform {
  let held: Buffer[] | undefined = [];
  // Cut at an ASCII "<", so the head's bytes are whole UTF-8 characters.
  const release = (head: Buffer) => Buffer.from(head.toString("utf8").replace(preload, '$& fetchpriority="low"'));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held === undefined) return callback(null, chunk);
      held.push(chunk);
      const bytes = Buffer.concat(held);
      const end = bytes.indexOf(headEnd);
      if (end === -1) return callback();
      held = undefined;
      callback(null, Buffer.concat([release(bytes.subarray(0, end)), bytes.subarray(end)]));
    },
    flush(callback) {
      callback(null, held === undefined ? undefined : release(Buffer.concat(held)));
    },
  });
}
