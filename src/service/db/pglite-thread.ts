import type { EventLoopUtilization } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";

/**
 * The types Drizzle's PGlite driver asks to keep as text with every query (dates, times, intervals, numeric and
 * arrays of them): the worker keeps them as text for every query, and the queries go without their parsers.
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** What Drizzle's PGlite driver (queries, transactions) and the service (notifications, dumps) use of a client. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

/** Statements and transactions, as Drizzle's PGlite driver uses them. */
export interface PgliteStatements extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

export interface PgliteClient extends PgliteStatements {
  /**
   * The same database for background work (jobs: processing, imports, webhook deliveries): while requests and
   * background work both have statements waiting, the thread lets them take turns (pglite.worker.mjs).
   */
  readonly background: PgliteStatements;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: "gzip" | "none"): Promise<Blob>;
  /** How busy the thread has been (since `since`, or since it started), as `performance.eventLoopUtilization`. */
  utilization(since?: EventLoopUtilization): EventLoopUtilization;
  /**
   * Settles with the reason when the thread ends on its own (it crashed) while the database is open: every call
   * fails from then on. Never settles for a `close`.
   */
  readonly ended: Promise<Error>;
  close(): Promise<void>;
}

type Request =
  | { op: "query"; text: string; params: unknown[]; rowMode?: "array" | "object"; tx?: number }
  | { op: "exec"; text: string; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen" | "unlisten"; channel: string }
  | { op: "dump"; compression: "gzip" | "none" }
  | { op: "close" };

type Reply =
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> & { message: string } }
  | { notify: string; payload: string }
  | { ready: boolean; error?: Record<string, unknown> & { message: string } };

/**
 * Opens PGlite in a worker thread (pglite.worker.mjs) and returns a client for Drizzle's PGlite driver: each query
 * and transaction is PGlite's own, run there, so the database's work no longer takes the service's thread from its
 * requests. The worker keeps the process alive only while a call waits for it. A `snapshot` (a tar from
 * `dumpDataDir("none")`) is the database it starts from, in an empty `dataDir` or in memory.
 */
export async function openPgliteThread(
  dataDir?: string,
  options: {
    snapshot?: Uint8Array;
    /** The thread's script: tests stand in one of their own. */
    workerUrl?: URL;
  } = {},
): Promise<PgliteClient> {
  const worker = new Worker(options.workerUrl ?? new URL("./pglite.worker.mjs", import.meta.url), {
    workerData: { dataDir, snapshot: options.snapshot, textTypes: TEXT_TYPES },
    // Plain node: the service's own flags (a TypeScript loader among them) only slow the thread's start.
    execArgv: [],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (reply: Reply) => {
      if ("ready" in reply && reply.ready) resolve();
      else reject(rebuildError("error" in reply ? reply.error : undefined));
    });
  });
  await ready;
  worker.unref();

  let closing = false;
  let endedOnItsOwn: (error: Error) => void = () => {};
  const ended = new Promise<Error>((resolve) => {
    endedOnItsOwn = resolve;
  });
  const fail = (error: Error) => {
    failure ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    if (!closing) endedOnItsOwn(error);
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The database thread ended (exit code ${code})`)));
  worker.on("message", (reply: Reply) => {
    if ("notify" in reply) {
      for (const onNotify of listeners.get(reply.notify) ?? []) onNotify(reply.payload);
      return;
    }
    if (!("id" in reply)) return;
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if ("error" in reply) call.reject(rebuildError(reply.error));
    else call.resolve(reply.result);
  });

  /**
   * Sends one request and settles with its answer. `background` marks background work's statements outside a
   * transaction: the thread lets them and the requests' take turns (a transaction's own run at once).
   */
  function call<T>(request: Request, background = false): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(background ? { ...request, background, id } : { ...request, id });
    });
  }

  const queriesOn = (on: { tx: number } | { background: boolean }): PgliteQueries => {
    const tx = "tx" in on ? { tx: on.tx } : {};
    const background = "background" in on && on.background;
    return {
      query: async (text, params = [], options) =>
        call({ op: "query", text, params, rowMode: rowModeOf(options), ...tx }, background),
      exec: (text) => call({ op: "exec", text, ...tx }, background),
    };
  };

  const statements = (background: boolean): PgliteStatements => ({
    ...queriesOn({ background }),
    async transaction(callback) {
      const tx = await call<number>({ op: "begin" }, background);
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(queriesOn({ tx }));
      } catch (error) {
        await call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: "end", tx, commit: true });
      return result;
    },
  });

  return {
    ...statements(false),
    background: statements(true),
    async listen(channel, onNotify) {
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        await call({ op: "listen", channel });
      }
      channelListeners.add(onNotify);
      return async () => {
        channelListeners.delete(onNotify);
        if (channelListeners.size > 0 || listeners.get(channel) !== channelListeners) return;
        listeners.delete(channel);
        await call({ op: "unlisten", channel });
      };
    },
    async dumpDataDir(compression) {
      const bytes = await call<Uint8Array<ArrayBuffer>>({ op: "dump", compression });
      return new Blob([bytes]);
    },
    utilization: (since) => worker.performance.eventLoopUtilization(since),
    ended,
    async close() {
      if (failure || closing) return;
      closing = true;
      await call({ op: "close" });
      failure = new Error("The database thread ended: the database was closed");
      await worker.terminate();
    },
  };
}

/** Only Drizzle's own parsers may come with a query: a parser is a function, which cannot go to the thread. */
function rowModeOf(options?: QueryOptions): "array" | "object" | undefined {
  const parsers = Object.keys(options?.parsers ?? {});
  if (parsers.length > 0 && !parsers.every((type) => TEXT_TYPES.includes(Number(type))))
    throw new Error(`A query's parsers must be among the types kept as text (${TEXT_TYPES.join(", ")})`);
  if (options?.serializers) throw new Error("A query's serializers cannot go to the database thread");
  return options?.rowMode;
}

/** The worker's error as an Error again, with its fields (a database error's `code`, `detail`, ...). */
function rebuildError(fields?: Record<string, unknown> & { message: string }): Error {
  const error = new Error(fields?.message ?? "The database thread failed to start");
  if (fields) Object.assign(error, fields);
  return error;
}
