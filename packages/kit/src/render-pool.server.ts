import { Worker } from "node:worker_threads";
import type { RenderJob, RenderRequest } from "./render.server.ts";

/**
 * Draws the kit on worker threads, so neither a whole level (~0.5-1 s of CPU) nor a page's
 * preview (10-50 ms) holds up the process's other requests. Jobs queue for the next free
 * thread; a thread that dies is replaced and its job fails (the caller answers 500 and the
 * parent can retry). A thread idle for `idleMs` ends: each holds a V8 heap of its own (about
 * 70 MB with the kit's fonts), while downloads and welcome emails come in bursts.
 */
export class RenderPool {
  readonly #size: number;
  readonly #idle: Worker[] = [];
  readonly #all = new Set<Worker>();
  readonly #queue: { job: RenderJob; resolve: (bytes: Buffer) => void; reject: (error: Error) => void }[] = [];
  readonly #busy = new Map<Worker, { id: number; resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
  readonly #idleTimers = new Map<Worker, ReturnType<typeof setTimeout>>();
  readonly #idleMs: number;
  #nextId = 0;
  #closed = false;

  constructor(size: number, options: { idleMs?: number } = {}) {
    this.#size = Math.max(1, size);
    this.#idleMs = options.idleMs ?? 60_000;
  }

  /** Threads running now, busy or idle. */
  get threads(): number {
    return this.#all.size;
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
      clearTimeout(this.#idleTimers.get(worker));
      this.#idleTimers.delete(worker);
      const task = this.#queue.shift();
      if (!task) {
        this.#rest(worker);
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
      this.#rest(worker);
      this.#dispatch();
    });
    const lost = (error: Error) => {
      this.#all.delete(worker);
      clearTimeout(this.#idleTimers.get(worker));
      this.#idleTimers.delete(worker);
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

  /** Back among the idle, until a job takes it or it has waited `idleMs`. */
  #rest(worker: Worker) {
    this.#idle.push(worker);
    const timer = setTimeout(() => {
      if (this.#idle.includes(worker)) void worker.terminate();
    }, this.#idleMs);
    timer.unref();
    this.#idleTimers.set(worker, timer);
  }
}
