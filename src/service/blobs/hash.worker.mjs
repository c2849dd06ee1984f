/**
 * Hashes ranges of files for hash-thread.ts, off the service's thread: a multipart upload's bytes are hashed twice
 * (each part for its etag, the whole file for its address), 2 GiB of SHA-256 for a 1 GiB upload, which took a
 * third of the service's thread while the parts came in. Plain JavaScript on plain node, like pglite.worker.mjs.
 * Reads are synchronous: this thread does nothing else, and the bytes were just written (the page cache).
 *
 * Messages in: { id, op: "digest", file, start, size }: the SHA-256 (hex) of those bytes;
 *   { id, op: "extend", key, file, start, size, origin }: adds them to the running hash `key`, which ends at
 *   `start` (a new one when `start` is `origin` and there is none);
 *   { id, op: "finish", key, file, start, size, origin }: the same, then answers the running hash's SHA-256 and
 *   forgets it;
 *   { id, op: "forget", key }.
 * Out: { id, result } or { id, error: { message, code } }.
 */
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { parentPort } from "node:worker_threads";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const buffer = Buffer.allocUnsafe(1024 * 1024);
/** @type {Map<string, { hash: import("node:crypto").Hash, end: number }>} */
const running = new Map();

/**
 * @param {import("node:crypto").Hash} hash
 * @param {string} file
 * @param {number} start
 * @param {number} size
 */
function hashRange(hash, file, start, size) {
  const fd = openSync(file, "r");
  try {
    for (let done = 0; done < size; ) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - done), start + done);
      if (read === 0)
        throw Object.assign(new Error(`${file} ends before byte ${start + size}`), { code: "SHORT_FILE" });
      hash.update(buffer.subarray(0, read));
      done += read;
    }
  } finally {
    closeSync(fd);
  }
}

/** @param {{ key: string, start: number, origin: number }} message */
function runningFor({ key, start, origin }) {
  const state = running.get(key) ?? (start === origin ? { hash: createHash("sha256"), end: origin } : null);
  if (!state || state.end !== start)
    throw Object.assign(new Error(`the running hash ${key} does not end at ${start}`), { code: "HASH_GAP" });
  return state;
}

/** @param {any} message */
function handle(message) {
  switch (message.op) {
    case "digest": {
      const hash = createHash("sha256");
      hashRange(hash, message.file, message.start, message.size);
      return hash.digest("hex");
    }
    case "extend":
    case "finish": {
      const state = runningFor(message);
      running.delete(message.key);
      hashRange(state.hash, message.file, message.start, message.size);
      state.end += message.size;
      if (message.op === "finish") return state.hash.digest("hex");
      running.set(message.key, state);
      return null;
    }
    case "forget":
      running.delete(message.key);
      return null;
    default:
      throw new Error(`unknown op ${message.op}`);
  }
}

port.on("message", (message) => {
  try {
    port.postMessage({ id: message.id, result: handle(message) });
  } catch (error) {
    const { message: text, code } = /** @type {Error & { code?: string }} */ (error);
    port.postMessage({ id: message.id, error: { message: text, code } });
  }
});
