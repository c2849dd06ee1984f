import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import { request } from "undici";
import { UPLOAD_LIMITS } from "../src/contract/uploads.ts";
import { apiClient } from "../src/service/testing/http-client.ts";
import { startTestService } from "../src/service/testing/test-service.ts";
import { benchDatabase, recordAim } from "./aims.ts";
import { profilePhase } from "./phase-profile.ts";
import { UNLIMITED_RATES } from "./seeded-service.ts";
import { median } from "./stats.ts";

const MiB = 1024 * 1024;

/** Peak resident memory while `work` runs, sampled every 20 ms. */
async function withPeakRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peakMiB: number; baseMiB: number }> {
  const baseMiB = process.memoryUsage.rss() / MiB;
  let peak = baseMiB;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() / MiB);
  }, 20);
  try {
    const result = await work();
    return { result, peakMiB: peak, baseMiB };
  } finally {
    clearInterval(timer);
  }
}

async function timed(work: () => Promise<unknown>) {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function writeSample(file: string, bytes: number) {
  const block = randomBytes(MiB);
  await pipeline(
    (async function* () {
      for (let written = 0; written < bytes; written += MiB)
        yield block.subarray(0, Math.min(MiB, bytes - written));
    })(),
    createWriteStream(file),
  );
}

const devNull = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** Rounds of the plain copy, the upload and the download, interleaved: the figures are their medians. */
const ROUNDS = Number(process.env.BENCH_CONTENT_ROUNDS ?? 3);

/** Makes the sample's bytes new (its first 8), so that each round uploads a file the store has not seen. */
async function renewSample(file: string, round: number) {
  const handle = await open(file, "r+");
  try {
    const head = Buffer.alloc(8);
    head.writeBigUInt64BE(BigInt(round));
    await handle.write(head, 0, 8, 0);
  } finally {
    await handle.close();
  }
}

type Api = ReturnType<typeof apiClient>;

/** PUTs the parts from `upload-parts.worker.mjs`, off the service's thread; resolves when all are answered 200. */
function sendParts(work: {
  sample: string;
  size: number;
  partSize: number;
  parts: { number: number; url: string }[];
  inFlight: number;
}) {
  const worker = new Worker(new URL("./upload-parts.worker.mjs", import.meta.url), { workerData: work });
  return new Promise<void>((resolve, reject) => {
    worker.once("message", (message: { done?: true; error?: string }) =>
      message.error ? reject(new Error(message.error)) : resolve(),
    );
    worker.once("error", reject);
  }).finally(() => worker.terminate());
}

/** A multipart upload of `sample` through the API, four parts in flight, then `complete`; its file id and timings. */
async function uploadThroughApi(api: Api, sample: string, size: number, libraryId: string) {
  const upload = (
    await api("POST", "/v1/uploads", { body: { name: "big.bin", size, library_id: libraryId } })
  ).body;
  let completeSeconds = 0;
  let fileId = "";
  const loopBefore = performance.eventLoopUtilization();
  const measured = await withPeakRss(() =>
    timed(async () => {
      await sendParts({
        sample,
        size,
        partSize: upload.part_size as number,
        parts: upload.parts as { number: number; url: string }[],
        // Four parts in flight, as a browser or SDK would send them.
        inFlight: 4,
      });
      const completing = performance.now();
      const file = (await api("POST", `/v1/uploads/${upload.id}/complete`)).body;
      completeSeconds = (performance.now() - completing) / 1000;
      if (file.size !== size) throw new Error(`completed with ${JSON.stringify(file)}`);
      fileId = file.id;
    }),
  );
  // The service's thread: how much of the upload it spent busy (the parts are sent from another thread).
  const loopBusy = performance.eventLoopUtilization(loopBefore).utilization;
  return { ...measured, completeSeconds, fileId, loopBusy };
}

/**
 * Upload (multipart, through the API) and download (signed URL) of BENCH_CONTENT_MIB (default 1024) MiB, against
 * a raw disk copy and a raw disk read of the same file, BENCH_CONTENT_ROUNDS (default 3) rounds interleaved (the
 * plain copy swings with the kernel's writeback: 330 to 700 MiB/s from one moment to the next here), with the
 * process's peak RSS.
 */
async function main() {
  const size = Number(process.env.BENCH_CONTENT_MIB ?? 1024) * MiB;
  // Up to singleMax the API plans one PUT, not parts: this bench measures the multipart path.
  if (!(size > UPLOAD_LIMITS.singleMax))
    throw new Error(`BENCH_CONTENT_MIB must be over ${UPLOAD_LIMITS.singleMax / MiB}: a multipart upload`);
  const work = await mkdtemp(path.join(os.tmpdir(), "bs-bench-"));
  const service = await startTestService({ env: { RATE_LIMITS: UNLIMITED_RATES } });
  try {
    const sample = path.join(work, "sample.bin");
    await writeSample(sample, size);
    const api = apiClient(service.regionalUrl, service.seed.ownerKey);
    const rounds: {
      copy: number;
      read: number;
      upload: Awaited<ReturnType<typeof uploadThroughApi>>;
      download: { result: number; peakMiB: number; baseMiB: number };
    }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await renewSample(sample, round);
      const copy = await timed(() =>
        pipeline(createReadStream(sample), createWriteStream(path.join(work, "copy.bin"))),
      );
      await rm(path.join(work, "copy.bin"));
      const read = await timed(() => pipeline(createReadStream(sample), devNull()));
      const profile = await profilePhase(
        process.env.BENCH_CONTENT_PROFILE?.replace(".cpuprofile", `-${round}.cpuprofile`),
      );
      const upload = await uploadThroughApi(api, sample, size, service.seed.libraries.shared);
      await profile.stop();
      const link = (await api("GET", `/v1/files/${upload.fileId}/download`)).body;
      const download = await withPeakRss(() =>
        timed(async () => {
          const res = await request(link.url as string);
          await pipeline(res.body, devNull());
        }),
      );
      rounds.push({ copy, read, upload, download });
    }
    const mbps = (seconds: number) => size / MiB / seconds;
    const range = (values: number[]) =>
      `${mbps(Math.max(...values)).toFixed(0)}–${mbps(Math.min(...values)).toFixed(0)}`;
    console.log(
      `\n## content-throughput: ${size / MiB} MiB, disk blob store, ${ROUNDS} rounds (medians; each round's range in brackets), Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log("| Operation | MiB/s | Raw ceiling MiB/s | Ratio | Peak RSS MiB (start) |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    const row = (
      name: string,
      seconds: number[],
      ceiling: number[],
      rss: { peakMiB: number; baseMiB: number }[],
    ) =>
      console.log(
        `| ${name} | ${mbps(median(seconds)).toFixed(0)} (${range(seconds)}) | ${mbps(median(ceiling)).toFixed(0)} (${range(ceiling)}) | ${(median(ceiling) / median(seconds)).toFixed(2)} | ${Math.max(...rss.map((r) => r.peakMiB)).toFixed(0)} (${rss[0]!.baseMiB.toFixed(0)}) |`,
      );
    const copies = rounds.map((r) => r.copy);
    const uploads = rounds.map((r) => r.upload.result);
    row(
      "Upload (multipart via API, incl. complete)",
      uploads,
      copies,
      rounds.map((r) => r.upload),
    );
    row(
      "Download (signed URL)",
      rounds.map((r) => r.download.result),
      rounds.map((r) => r.read),
      rounds.map((r) => r.download),
    );
    console.log(
      `\nPer round, plain copy ÷ upload: ${rounds.map((r) => (r.copy / r.upload.result).toFixed(2)).join(", ")}; \`complete\` took ${rounds.map((r) => r.upload.completeSeconds.toFixed(2)).join(", ")} s of uploads of ${rounds.map((r) => r.upload.result.toFixed(1)).join(", ")} s; the service's thread was busy ${rounds.map((r) => `${(100 * r.upload.loopBusy).toFixed(0)} %`).join(", ")} of them.`,
    );
    recordAim({
      bench: "content-throughput",
      aim: "multipart upload MiB/s ÷ plain file copy",
      database: benchDatabase(),
      target: 0.5,
      measured: median(copies) / median(uploads),
      better: "higher",
      note: `${size / MiB} MiB, disk blob store, median of ${ROUNDS} rounds`,
    });
  } finally {
    await service.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
