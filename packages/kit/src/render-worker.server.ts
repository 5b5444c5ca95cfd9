import { parentPort } from "node:worker_threads";
import { type RenderRequest, renderPdf } from "./render.server.ts";

// A render thread: takes render requests, answers PDF bytes (transferred, not copied).

if (!parentPort) throw new Error("render-worker.server.ts runs as a worker thread");
const port = parentPort;

port.on("message", async ({ id, request }: { id: number; request: RenderRequest }) => {
  try {
    const pdf = await renderPdf(request);
    const bytes = new ArrayBuffer(pdf.bytes.byteLength);
    new Uint8Array(bytes).set(pdf.bytes);
    port.postMessage({ id, bytes }, [bytes]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
