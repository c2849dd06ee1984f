/**
 * Transfer zip build throughput: the service's zip build (entries streamed from the blob store through yazl into
 * the blob store, hashed and flushed) against a plain zip stream of the same files (fs read streams through yazl
 * into a file), in the same run, with the peak RSS growth of each: memory must stay flat whatever the size.
 * `npx tsx bench/transfer-zip.ts` (BENCH_ZIP_MIB sets the total, 1024 by default; BENCH_ZIP_FILES the count, 64).
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";
import { DiskBlobStore } from "../src/service/blobs/disk-blob-store.ts";
import { zipStream } from "../src/service/transfers/build-zip.ts";
import type { TransferFileRow } from "../src/service/transfers/transfers.repository.ts";
import { median } from "./stats.ts";

const MiB = 1024 * 1024;
const RUNS = 3;

async function writeFile(file: string, bytes: number, seed: Buffer) {
  const handle = await open(file, "w");
  for (let written = 0; written < bytes; written += seed.length) {
    await handle.write(seed.subarray(0, Math.min(seed.length, bytes - written)));
  }
  await handle.close();
}

async function timeOnce(run: () => Promise<void>) {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  await run().finally(() => clearInterval(sampler));
  return { seconds: (performance.now() - started) / 1000, rssGrowthMiB: (peak - baseline) / MiB };
}

async function main() {
  const totalMiB = Number(process.env.BENCH_ZIP_MIB ?? 1024);
  const count = Number(process.env.BENCH_ZIP_FILES ?? 64);
  const directory = await mkdtemp(path.join(os.tmpdir(), "zip-bench-"));
  try {
    const store = new DiskBlobStore(path.join(directory, "blobs"));
    const perFile = Math.floor((totalMiB * MiB) / count);
    const sources: { file: string; entry: TransferFileRow }[] = [];
    for (let i = 0; i < count; i++) {
      const file = path.join(directory, `source-${i}.bin`);
      await writeFile(file, perFile, randomBytes(MiB));
      const { sha256 } = await store.put(createReadStream(file));
      sources.push({
        file,
        entry: {
          transferId: "trf_bench",
          id: `tfe_${i}`,
          path: i % 4 === 0 ? "" : `Folder ${i % 4}`,
          name: `asset-${i}.bin`,
          size: perFile,
          mime: "application/octet-stream",
          blobSha256: sha256,
          sourceFileId: null,
          createdAt: new Date(),
        },
      });
    }
    const folders = [1, 2, 3].map((n) => ({
      transferId: "trf_bench",
      path: "",
      name: `Folder ${n}`,
      createdAt: new Date(),
    }));
    const mtime = new Date("2026-01-01T00:00:00Z");
    const plainZip = async () => {
      const zip = new ZipFile();
      for (const folder of folders) zip.addEmptyDirectory(folder.name, { mtime });
      for (const { file, entry } of sources) {
        const name = entry.path ? `${entry.path}/${entry.name}` : entry.name;
        zip.addReadStreamLazy(name, { mtime, compress: false, size: entry.size }, (callback) =>
          callback(null, createReadStream(file)),
        );
      }
      zip.end();
      const out = path.join(directory, "plain.zip");
      await pipeline(zip.outputStream, createWriteStream(out));
      await rm(out);
    };
    const serviceZip = async () => {
      const stored = await store.put(
        zipStream(store, { files: sources.map((s) => s.entry), folders }, mtime),
      );
      await store.delete(stored.sha256);
    };
    const paths = [
      { name: "plain zip stream: fs → yazl → file", run: plainZip },
      { name: "transfer zip build: blob store → yazl → blob store (SHA-256, fsync)", run: serviceZip },
    ];
    const samples = paths.map(() => ({ seconds: [] as number[], peak: 0 }));
    for (let round = 0; round < RUNS; round++) {
      for (const [index, { run }] of paths.entries()) {
        const { seconds, rssGrowthMiB } = await timeOnce(run);
        samples[index]!.seconds.push(seconds);
        samples[index]!.peak = Math.max(samples[index]!.peak, rssGrowthMiB);
      }
    }
    const medians = samples.map((s) => median(s.seconds));
    console.log(
      `\n## transfer-zip: ${count} files, ${totalMiB} MiB, median of ${RUNS}; Node ${process.version}\n`,
    );
    console.log("| Path | MB/s | Peak RSS growth MiB | Ratio to plain zip |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const [index, { name }] of paths.entries()) {
      const mbPerSecond = (totalMiB * MiB) / 1e6 / medians[index]!;
      console.log(
        `| ${name} | ${mbPerSecond.toFixed(0)} | ${samples[index]!.peak.toFixed(1)} | ${(medians[0]! / medians[index]!).toFixed(2)} |`,
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
