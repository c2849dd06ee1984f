/**
 * Runs the embedded database (PGlite) in a worker thread for pglite-thread.ts: PGlite executes every statement on
 * the thread that calls it, so on the service's thread a statement's work and the requests' work took turns on one
 * core, however many the machine has. Plain JavaScript on plain node, like pdf-render.worker.mjs: a TypeScript
 * loader would cost each database it opens (every test file opens some) a second of start-up.
 *
 * Messages in: { id, op, ... } (see pglite-thread.ts); out: { id, result } or { id, error }, and
 * { notify: channel, payload } for a NOTIFY heard on a channel the main thread listens to.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.mjs";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
/** @type {{ dataDir?: string, snapshot?: Uint8Array, textTypes: number[] }} */
const { dataDir, snapshot, textTypes } = workerData;

/** @param {string} value */
const asText = (value) => value;
// The types Drizzle keeps as text, for every query: they are installed once, and the queries come without them.
const parsers = Object.fromEntries(textTypes.map((type) => [type, asText]));

/** @type {PGlite} */
let client;
try {
  client = new PGlite({
    dataDir,
    extensions: PGLITE_EXTENSIONS,
    ...(snapshot ? { loadDataDir: new Blob([snapshot]) } : {}),
  });
  await client.waitReady;
  // Not the constructor's `parsers` option: PGlite then derives its own parsers for arrays of these types.
  Object.assign(client.parsers, parsers);
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) });
  process.exit(1);
}

/**
 * The open transactions by id: each is PGlite's own, held open until the main thread ends it.
 * @type {Map<number, { tx: import("@electric-sql/pglite").Transaction, end: (commit: boolean) => Promise<unknown> }>}
 */
const transactions = new Map();
/** @type {Map<string, () => Promise<void>>} */
const listening = new Map();

port.on("message", (message) => {
  // A transaction's own statements and its end run at once: it holds the database until it ends.
  if (message.tx !== undefined) void answer(message);
  else schedule(message);
});

/** @param {any} message */
async function answer(message) {
  try {
    port.postMessage({ id: message.id, result: await run(message) });
  } catch (error) {
    port.postMessage({ id: message.id, error: plainError(error) });
  }
}

/** @type {{ foreground: any[], background: any[] }} */
const waiting = { foreground: [], background: [] };
let running = false;
let lastWasBackground = false;

/**
 * Runs one operation at a time (a transaction counts as one, from its start to its end). While both requests and
 * background work have some waiting, they take turns: a request waits for the operation running and at most one
 * of background work's, not for everything the jobs queued, and a stream of requests cannot hold the jobs off.
 * @param {any} message
 */
function schedule(message) {
  waiting[message.background ? "background" : "foreground"].push(message);
  runNext();
}

function runNext() {
  if (running) return;
  const fromBackground =
    waiting.background.length > 0 && (waiting.foreground.length === 0 || !lastWasBackground);
  const message = fromBackground ? waiting.background.shift() : waiting.foreground.shift();
  if (!message) return;
  running = true;
  lastWasBackground = fromBackground;
  const done = message.op === "begin" ? beginThenEnd(message) : answer(message);
  void done.finally(() => {
    running = false;
    runNext();
  });
}

/** @param {any} message */
async function run(message) {
  switch (message.op) {
    case "query":
      return on(message.tx).query(message.text, message.params, { rowMode: message.rowMode });
    case "exec":
      return on(message.tx).exec(message.text);
    case "end": {
      const open = transactions.get(message.tx);
      if (!open) throw new Error("The transaction has ended");
      return open.end(message.commit);
    }
    case "listen":
      if (!listening.has(message.channel))
        listening.set(
          message.channel,
          await client.listen(message.channel, (payload) =>
            port.postMessage({ notify: message.channel, payload }),
          ),
        );
      return null;
    case "unlisten": {
      const stop = listening.get(message.channel);
      listening.delete(message.channel);
      await stop?.();
      return null;
    }
    case "dump": {
      const dump = await client.dumpDataDir(message.compression);
      return new Uint8Array(await dump.arrayBuffer());
    }
    case "close":
      await client.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** @param {number | undefined} tx */
function on(tx) {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error("The transaction has ended");
  return open.tx;
}

/**
 * Opens a transaction and answers the `begin` with its id once it has started; it stays open until an `end`
 * message, answered once it has committed or rolled back. Settles when the transaction is over.
 * @param {any} message
 */
async function beginThenEnd(message) {
  /** @type {(commit: boolean) => void} */
  let decide = () => {};
  const decided = new Promise((resolve) => {
    decide = resolve;
  });
  /** @type {(value: null) => void} */
  let over = () => {};
  /** @type {(error: unknown) => void} */
  let overFailed = () => {};
  const ended = new Promise((resolve, reject) => {
    over = resolve;
    overFailed = reject;
  });
  // Nobody awaits it when the main thread is gone.
  ended.catch(() => {});
  let started = false;
  try {
    await client.transaction(async (tx) => {
      started = true;
      const end = (/** @type {boolean} */ commit) => {
        decide(commit);
        return ended;
      };
      transactions.set(message.id, { tx, end });
      port.postMessage({ id: message.id, result: message.id });
      if (!(await decided)) await tx.rollback();
    });
    over(null);
  } catch (error) {
    if (started) overFailed(error);
    else port.postMessage({ id: message.id, error: plainError(error) });
  } finally {
    transactions.delete(message.id);
  }
}

/**
 * An error as the main thread can rebuild it: its message and its own fields (a database error's `code`,
 * `detail`, `constraint`, ...); a structured clone would keep only the message.
 * @param {unknown} error
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.fromEntries(
    Object.entries(error).filter(([, value]) => value === null || typeof value !== "object"),
  );
  return { ...fields, name: error.name, message: error.message };
}
