import { Worker } from "node:worker_threads";

type Request =
  | { op: "digest"; file: string; start: number; size: number }
  | { op: "extend" | "finish"; key: string; file: string; start: number; size: number; origin: number }
  | { op: "forget"; key: string };

type Reply = { id: number; result: unknown } | { id: number; error: { message: string; code?: string } };

/** A running hash the thread does not hold as asked: it was forgotten, or the thread started again since. */
export class HashGapError extends Error {
  readonly code = "HASH_GAP";
}

/**
 * SHA-256 of ranges of files, computed in a worker thread (hash.worker.mjs), and running hashes kept there by key.
 * The thread starts on the first call, keeps the process alive only while a call waits for it, and starts again
 * after a failure (its running hashes are then gone: calls on them fail with HashGapError).
 */
export class HashThread {
  #worker: Worker | null = null;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;

  /** The SHA-256 (hex) of `size` bytes of `file` from `start`. */
  digest(file: string, start: number, size: number): Promise<string> {
    return this.#call({ op: "digest", file, start, size }) as Promise<string>;
  }

  /**
   * Adds the bytes to the running hash `key`, which must end at `start`; a new one starts at `origin` (the
   * file's start, or a part's).
   */
  async extend(key: string, file: string, start: number, size: number, origin = 0): Promise<void> {
    await this.#call({ op: "extend", key, file, start, size, origin });
  }

  /** Adds the bytes to the running hash `key` (or a new one, from `origin`), forgets it and answers its SHA-256. */
  finish(key: string, file: string, start: number, size: number, origin = 0): Promise<string> {
    return this.#call({ op: "finish", key, file, start, size, origin }) as Promise<string>;
  }

  forget(key: string): void {
    if (this.#worker) void this.#call({ op: "forget", key }).catch(() => {});
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    this.#fail(new Error("The hash thread was closed"));
    await worker?.terminate();
  }

  #call(request: Request): Promise<unknown> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    if (this.#pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  #start(): Worker {
    // Plain node: the service's own flags (a TypeScript loader among them) only slow the thread's start.
    const worker = new Worker(new URL("./hash.worker.mjs", import.meta.url), { execArgv: [] });
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const call = this.#pending.get(reply.id);
      if (!call) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if ("error" in reply) call.reject(errorOf(reply.error));
      else call.resolve(reply.result);
    });
    const ended = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#fail(error);
    };
    worker.on("error", ended);
    worker.on("exit", (code) => ended(new Error(`The hash thread ended (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }

  #fail(error: Error) {
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }
}

function errorOf({ message, code }: { message: string; code?: string }): Error {
  if (code === "HASH_GAP") return new HashGapError(message);
  return Object.assign(new Error(message), code ? { code } : {});
}
