import { parentPort } from "node:worker_threads";
import { type RenderJob, renderPdf, renderPreviewSvg } from "./render.server.ts";

// A render thread: takes render jobs, answers PDF or SVG bytes (transferred, not copied).

if (!parentPort) throw new Error("render-worker.server.ts runs as a worker thread");
const port = parentPort;

async function bytesOf(job: RenderJob): Promise<Uint8Array> {
  if (job.kind === "pdf") return (await renderPdf(job.request)).bytes;
  return Buffer.from(renderPreviewSvg(job.itemId, job.locale, job.displayWidth, job.childName));
}

port.on("message", async ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    const drawn = await bytesOf(job);
    const bytes = new ArrayBuffer(drawn.byteLength);
    new Uint8Array(bytes).set(drawn);
    port.postMessage({ id, bytes }, [bytes]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
