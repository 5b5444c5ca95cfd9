import { Worker } from "node:worker_threads";
import type { RenderJob, RenderRequest } from "./render.server.ts";

/**
 * Draws the kit on worker threads, so neither a whole level (~0.5-1 s of CPU) nor a page's
 * preview (10-50 ms) holds up the process's other requests. Jobs queue for the next free
 * thread; a thread that dies is replaced and its job fails (the caller answers 500 and the
 * parent can retry).
 */
export class RenderPool {
  readonly #size: number;
  readonly #idle: Worker[] = [];
  readonly #all = new Set<Worker>();
  readonly #queue: { job: RenderJob; resolve: (bytes: Buffer) => void; reject: (error: Error) => void }[] = [];
  readonly #busy = new Map<Worker, { id: number; resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
  #nextId = 0;
  #closed = false;

  constructor(size: number) {
    this.#size = Math.max(1, size);
  }

  /** A document as PDF bytes. */
  render(request: RenderRequest): Promise<Buffer> {
    return this.#run({ kind: "pdf", request });
  }

  /** A page's small SVG preview, as UTF-8 bytes. */
  preview(job: Omit<Extract<RenderJob, { kind: "preview" }>, "kind">): Promise<Buffer> {
    return this.#run({ kind: "preview", ...job });
  }

  #run(job: RenderJob): Promise<Buffer> {
    if (this.#closed) return Promise.reject(new Error("render pool closed"));
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#queue.splice(0)) waiting.reject(new Error("render pool closed"));
    await Promise.all([...this.#all].map((worker) => worker.terminate()));
  }

  #dispatch() {
    while (this.#queue.length > 0) {
      const worker = this.#idle.pop() ?? (this.#all.size < this.#size ? this.#spawn() : undefined);
      if (!worker) return;
      const task = this.#queue.shift();
      if (!task) {
        this.#idle.push(worker);
        return;
      }
      const id = this.#nextId++;
      this.#busy.set(worker, { id, resolve: task.resolve, reject: task.reject });
      worker.postMessage({ id, job: task.job });
    }
  }

  #spawn(): Worker {
    const worker = new Worker(new URL("./render-worker.server.ts", import.meta.url));
    this.#all.add(worker);
    worker.on("message", (message: { id: number; bytes?: ArrayBuffer; error?: string }) => {
      const task = this.#busy.get(worker);
      this.#busy.delete(worker);
      if (task && task.id === message.id) {
        if (message.bytes) task.resolve(Buffer.from(message.bytes));
        else task.reject(new Error(message.error ?? "render failed"));
      }
      this.#idle.push(worker);
      this.#dispatch();
    });
    const lost = (error: Error) => {
      this.#all.delete(worker);
      const index = this.#idle.indexOf(worker);
      if (index >= 0) this.#idle.splice(index, 1);
      this.#busy.get(worker)?.reject(error);
      this.#busy.delete(worker);
      if (!this.#closed) this.#dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`render thread exited with ${code}`)));
    // Idle threads must not keep the process alive.
    worker.unref();
    return worker;
  }
}
