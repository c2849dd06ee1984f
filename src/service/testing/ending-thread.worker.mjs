/**
 * A stand-in for the database's thread (pglite-thread.ts) that starts, answers its first request with an error,
 * then ends on its own with exit code 3, as a thread whose database crashed would.
 */
import { parentPort } from "node:worker_threads";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
port.postMessage({ ready: true });
port.once("message", (message) => {
  port.postMessage({ id: message.id, error: { message: "the database crashed" } });
  setTimeout(() => process.exit(3), 20);
});
