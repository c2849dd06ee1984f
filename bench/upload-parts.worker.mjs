/**
 * Sends a multipart upload's parts for content-throughput.ts on a thread of its own, as autocannon drives the
 * other benches from one: the client's file reads and socket writes took a fifth of the service's event loop
 * when they ran on it. Plain JavaScript, like the service's workers: no TypeScript loader in the thread.
 *
 * workerData: { sample, size, partSize, parts: [{ number, url }], inFlight }; posts { done: true } or { error }.
 */
import { createReadStream } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { request } from "undici";

/** @type {{ sample: string, size: number, partSize: number, parts: { number: number, url: string }[], inFlight: number }} */
const { sample, size, partSize, parts, inFlight } = workerData;

let next = 0;
async function sender() {
  while (next < parts.length) {
    const part = parts[next++];
    const start = (part.number - 1) * partSize;
    const end = Math.min(size, start + partSize) - 1;
    const res = await request(part.url, {
      method: "PUT",
      body: createReadStream(sample, { start, end }),
      headers: { "content-length": String(end - start + 1) },
    });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`part ${part.number}: ${res.statusCode}`);
  }
}

Promise.all(Array.from({ length: inFlight }, sender)).then(
  () => parentPort?.postMessage({ done: true }),
  (error) => parentPort?.postMessage({ error: String(error?.stack ?? error) }),
);
