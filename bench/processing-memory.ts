import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  createProcessDatabase,
  freePort,
  spawnScript,
} from "../src/service/server/service-process.testing.ts";
import { uploadBytes } from "../src/service/testing/content-fixtures.ts";
import { apiClient } from "../src/service/testing/http-client.ts";

/**
 * Peak memory while the workers process many large photos at once: `BENCH_IMAGES` (default 100) JPEGs of
 * 6000×4000 are uploaded as fast as the API takes them to a real service process (`npm start`'s entry point, its
 * workers in the same process), until every file is ready; then the kernel's high-water mark of that process's
 * resident set (`VmHWM`) is read. The budget (docs/operations.md) is what a 2 GB machine can give the service.
 */
const IMAGES = Number(process.env.BENCH_IMAGES ?? 100);
/** docs/operations.md: PGlite's WebAssembly database alone holds about 0.9 GB resident; PostgreSQL runs outside. */
const BUDGET_MB = Number(process.env.BENCH_MEMORY_BUDGET_MB ?? (process.env.TEST_DATABASE_URL ? 768 : 1536));

async function photo(seed: number): Promise<Buffer> {
  // Noise compresses like a photo (several MB per image) and differs per seed, so no two uploads share a blob.
  const small = Buffer.alloc(600 * 400 * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < small.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    small[i] = state >>> 24;
  }
  return sharp(small, { raw: { width: 600, height: 400, channels: 3 } })
    .resize(6000, 4000, { kernel: "nearest" })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bsm-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createProcessDatabase(serverUrl) : null;
  const regional = await freePort();
  const service = spawnScript("src/service/main.ts", [], {
    BRANDSPACE_DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    CENTRAL_PORT: String(await freePort()),
    REGIONAL_PORT: String(regional),
    LOG_LEVEL: "warn",
    DEMO_CONTENT: "0",
    RATE_LIMITS: "sustained=100000/1m,uploads=100000/1h,month=10000000/1mo",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const ownerKey = (await service.waitForStdout(/^ {4}(bsk_\S+)$/m, 60_000))[1]!;
  await service.waitForStdout(/Press Ctrl\+C to stop\./, 60_000);
  const api = apiClient(`http://127.0.0.1:${regional}`, ownerKey);
  const library = await api("POST", "/v1/libraries", { body: { name: "Large photos" } });
  const started = performance.now();
  const ids: string[] = [];
  let uploadedBytes = 0;
  for (let i = 0; i < IMAGES; i++) {
    const bytes = await photo(i + 1);
    uploadedBytes += bytes.length;
    ids.push((await uploadBytes(api, bytes, { name: `photo-${i}.jpg`, library_id: library.body.id })).id);
  }
  const pending = new Set(ids);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const file = await api("GET", `/v1/files/${id}`);
      if (file.body.status !== "processing") {
        if (file.body.status !== "ready") throw new Error(`${id} ended ${file.body.status}`);
        pending.delete(id);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = (performance.now() - started) / 1000;
  const status = await readFile(`/proc/${service.child.pid}/status`, "utf8");
  const peakMb = Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024);
  service.child.kill("SIGTERM");
  await service.exited;
  await rm(dataDir, { recursive: true, force: true });
  await scratch?.drop();
  console.log("## processing-memory\n");
  console.log(`| database | images | size each | uploaded | processed in | peak RSS | budget |`);
  console.log(`|---|---:|---|---:|---:|---:|---:|`);
  console.log(
    `| ${scratch ? "PostgreSQL" : "PGlite"} | ${IMAGES} | 6000×4000 JPEG | ${Math.round(uploadedBytes / 1024 / 1024)} MB | ${seconds.toFixed(1)} s | ${peakMb} MB | ${BUDGET_MB} MB |`,
  );
  if (peakMb > BUDGET_MB) {
    console.error(`peak RSS ${peakMb} MB is over the budget of ${BUDGET_MB} MB`);
    process.exitCode = 1;
  }
}

await main();
