/**
 * Disk blob store throughput against a raw file copy of the same bytes.
 * `npx tsx bench/blob-throughput.ts` (BENCH_BLOB_MIB sets the size, 512 by default).
 * The store also hashes (SHA-256) and flushes the file and its directory before the rename: the copy
 * flushed with fsync and the hash alone show what each of those costs; the plain copy is the ceiling.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { DiskBlobStore } from "../src/service/blobs/disk-blob-store.ts";

const MiB = 1024 * 1024;
const RUNS = 5;

interface Row {
  name: string;
  seconds: number;
  peakRssGrowthMiB: number;
}

async function writeSourceFile(file: string, totalBytes: number): Promise<void> {
  const pattern = randomBytes(MiB);
  const handle = await open(file, "w");
  for (let written = 0; written < totalBytes; written += pattern.length) {
    await handle.write(pattern.subarray(0, Math.min(pattern.length, totalBytes - written)));
  }
  await handle.close();
}

interface Path {
  name: string;
  run: () => Promise<void>;
}

/** Times one run and the largest RSS growth seen during it. */
async function timeOnce(run: () => Promise<void>): Promise<{ seconds: number; rssGrowthMiB: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  await run().finally(() => clearInterval(sampler));
  return { seconds: (performance.now() - started) / 1000, rssGrowthMiB: (peak - baseline) / MiB };
}

/** Runs the paths in turn, `RUNS` rounds, so that a machine busy for a while slows them all alike. */
async function measureInterleaved(paths: Path[]): Promise<Row[]> {
  const samples = paths.map(() => ({ seconds: [] as number[], peak: 0 }));
  for (let round = 0; round < RUNS; round++) {
    for (const [index, { run }] of paths.entries()) {
      const { seconds, rssGrowthMiB } = await timeOnce(run);
      samples[index]!.seconds.push(seconds);
      samples[index]!.peak = Math.max(samples[index]!.peak, rssGrowthMiB);
    }
  }
  return paths.map(({ name }, index) => {
    const sorted = samples[index]!.seconds.sort((a, b) => a - b);
    return { name, seconds: sorted[Math.floor(RUNS / 2)]!, peakRssGrowthMiB: samples[index]!.peak };
  });
}

async function copyFile(from: string, to: string, flush: boolean): Promise<void> {
  await pipeline(createReadStream(from), createWriteStream(to));
  if (flush) {
    const handle = await open(to, "r+");
    await handle.sync();
    await handle.close();
  }
  await rm(to);
}

async function hashFile(file: string): Promise<void> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  hash.digest();
}

async function main() {
  const totalMiB = Number(process.env.BENCH_BLOB_MIB ?? 512);
  if (!Number.isInteger(totalMiB) || totalMiB <= 0)
    throw new Error("BENCH_BLOB_MIB must be a positive integer");
  const directory = await mkdtemp(path.join(os.tmpdir(), "blob-bench-"));
  try {
    const source = path.join(directory, "source");
    await writeSourceFile(source, totalMiB * MiB);
    const store = new DiskBlobStore(path.join(directory, "blobs"));
    const copy = path.join(directory, "copy");
    const rows = await measureInterleaved([
      { name: "fs read stream → write stream", run: () => copyFile(source, copy, false) },
      { name: "… then fsync", run: () => copyFile(source, copy, true) },
      { name: "SHA-256 of the file, nothing written", run: () => hashFile(source) },
      {
        name: "DiskBlobStore.put",
        run: async () => {
          const { sha256 } = await store.put(createReadStream(source), { expectedSize: totalMiB * MiB });
          await store.delete(sha256);
        },
      },
    ]);
    const ceiling = rows[0]!.seconds;
    console.log(`\n## blob-throughput: ${totalMiB} MiB, median of ${RUNS}; Node ${process.version}\n`);
    console.log("| Path | MB/s | Peak RSS growth MiB | Ratio to plain copy |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const row of rows) {
      const mbPerSecond = (totalMiB * MiB) / 1e6 / row.seconds;
      console.log(
        `| ${row.name} | ${mbPerSecond.toFixed(0)} | ${row.peakRssGrowthMiB.toFixed(1)} | ${(ceiling / row.seconds).toFixed(2)} |`,
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
