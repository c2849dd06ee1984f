import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type BlobStoreHarness, describeBlobStore, readAll, sha256Of, streamOf } from "./blob-store.suite.ts";
import { createBlobStore } from "./create-blob-store.ts";

async function diskHarness(): Promise<BlobStoreHarness & { root: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "blobs-"));
  const root = path.join(dataDir, "blobs");
  const store = createBlobStore({ kind: "disk", root });
  await store.check();
  const countFiles = async (directory: string) =>
    (await readdir(path.join(root, directory), { recursive: true, withFileTypes: true })).filter((entry) =>
      entry.isFile(),
    ).length;
  return {
    root,
    store,
    leaveTemp: (bytes) => writeFile(path.join(root, ".tmp", "crashed-write"), bytes),
    leftovers: async () => (await countFiles(".tmp")) + (await countFiles(".staging")),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

describeBlobStore("disk", diskHarness);

describe("disk blob store, parts written in place", () => {
  it("assembles by moving the staged data, and refuses a part sent once the parts are assembled", async () => {
    const harness = await diskHarness();
    try {
      const { store } = harness;
      const one = randomBytes(4096);
      const two = randomBytes(1000);
      await store.putPart("upl_x", 2, Readable.from([two]), { maxBytes: 4096, offset: 4096 });
      await store.putPart("upl_x", 1, Readable.from([one]), { maxBytes: 4096, offset: 0 });
      const staged = path.join(harness.root, ".staging", "upl_x");
      expect((await readdir(staged)).filter((name) => !name.endsWith(".at"))).toEqual(["data"]);
      const blob = await store.assemble("upl_x", [1, 2], { expectedSize: 5096 });
      expect(blob.sha256).toBe(createHash("sha256").update(one).update(two).digest("hex"));
      // The data file became the blob: nothing of its size is left in the staging area.
      expect(await readdir(staged)).not.toContain("data");
      await expect(
        store.putPart("upl_x", 1, Readable.from([one]), { maxBytes: 4096, offset: 0 }),
      ).rejects.toThrow(/assembled already/);
    } finally {
      await harness.close();
    }
  });

  it("assembles the bytes last sent, whatever arrived in between: out of order, re-sent after being hashed", async () => {
    const harness = await diskHarness();
    try {
      const { store } = harness;
      const size = 64 * 1024;
      const put = (id: string, number: number, bytes: Buffer) =>
        store.putPart(id, number, Readable.from([bytes]), { maxBytes: size, offset: (number - 1) * size });
      const [one, two, three, other] = [
        randomBytes(size),
        randomBytes(size),
        randomBytes(500),
        randomBytes(size),
      ];
      await put("upl_order", 3, three);
      await put("upl_order", 1, one);
      await put("upl_order", 2, two);
      const inOrder = await store.assemble("upl_order", [1, 2, 3], { expectedSize: 2 * size + 500 });
      expect(inOrder.sha256).toBe(sha256Of(Buffer.concat([one, two, three])));

      await put("upl_again", 1, one);
      await put("upl_again", 2, two);
      await put("upl_again", 1, other);
      await put("upl_again", 3, three);
      const again = await store.assemble("upl_again", [1, 2, 3]);
      expect(again.sha256).toBe(sha256Of(Buffer.concat([other, two, three])));
      expect(await readAll((await store.open(again.sha256))!)).toEqual(Buffer.concat([other, two, three]));
      // Fewer parts than were sent: the blob is those parts.
      await put("upl_fewer", 1, one);
      await put("upl_fewer", 2, two);
      const fewer = await store.assemble("upl_fewer", [1], { expectedSize: size });
      expect(fewer.sha256).toBe(sha256Of(one));
      await expect(
        (async () => {
          await put("upl_short", 1, one);
          await store.assemble("upl_short", [1], { expectedSize: size + 1 });
        })(),
      ).rejects.toThrow();
    } finally {
      await harness.close();
    }
  });

  const CHUNK = 16 * 1024;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const markers = async (root: string, stagingId: string) =>
    (await readdir(path.join(root, ".staging", stagingId))).filter((name) => name.endsWith(".at"));

  /**
   * `bytes` in chunks, pausing after the first until `until` settles (at most `waitMs`): a client that is slow
   * half-way through its body.
   */
  function pausingBody(bytes: Buffer, until: Promise<unknown>, waitMs: number): Readable {
    return Readable.from(
      (async function* () {
        for (let at = 0; at < bytes.length; at += CHUNK) {
          yield bytes.subarray(at, at + CHUNK);
          if (at === 0) await Promise.race([until.catch(() => {}), sleep(waitMs)]);
        }
      })(),
    );
  }

  it("writes two sends of one part at once in turn: the later replaces the earlier whole, under its own etag", async () => {
    const harness = await diskHarness();
    try {
      const { store } = harness;
      const slow = randomBytes(4 * CHUNK);
      const fast = randomBytes(3 * CHUNK);
      const options = { maxBytes: 4 * CHUNK, offset: 0 };
      // The slow send pauses after its first chunk until the fast one is done (were they not in turn, the fast
      // one would land in the middle of it) or, as it must wait for the slow one, for a fifth of a second.
      let fastPut!: Promise<unknown>;
      const slowPut = store.putPart(
        "upl_race",
        1,
        pausingBody(slow, new Promise((resolve) => setImmediate(() => resolve(fastPut))), 200),
        options,
      );
      fastPut = store.putPart("upl_race", 1, streamOf(fast), options);
      expect(await slowPut).toEqual({ number: 1, size: slow.length, etag: sha256Of(slow) });
      expect(await fastPut).toEqual({ number: 1, size: fast.length, etag: sha256Of(fast) });

      expect(await markers(harness.root, "upl_race")).toHaveLength(1);
      expect(await store.listParts("upl_race")).toEqual([
        { number: 1, size: fast.length, etag: sha256Of(fast) },
      ]);
      const blob = await store.assemble("upl_race", [1], { expectedSize: fast.length });
      expect(blob).toEqual({ sha256: sha256Of(fast), size: fast.length });
      expect(await readAll(await store.open(blob.sha256))).toEqual(fast);
    } finally {
      await harness.close();
    }
  });

  it("assembles, when asked while two sends of one part are under way, after both and from the later", async () => {
    const harness = await diskHarness();
    try {
      const { store } = harness;
      const slow = randomBytes(4 * CHUNK);
      const fast = randomBytes(2 * CHUNK);
      const options = { maxBytes: 4 * CHUNK, offset: 0 };
      const sends = [
        store.putPart("upl_seal", 1, pausingBody(slow, new Promise(() => {}), 100), options),
        store.putPart("upl_seal", 1, streamOf(fast), options),
      ];
      const blob = await store.assemble("upl_seal", [1], { expectedSize: fast.length });
      expect(blob).toEqual({ sha256: sha256Of(fast), size: fast.length });
      expect(await readAll(await store.open(blob.sha256))).toEqual(fast);
      expect((await Promise.all(sends)).map((part) => part.etag)).toEqual([sha256Of(slow), sha256Of(fast)]);
    } finally {
      await harness.close();
    }
  });

  it("still writes different parts of one upload side by side", async () => {
    const harness = await diskHarness();
    try {
      const { store } = harness;
      const one = randomBytes(2 * CHUNK);
      const two = randomBytes(CHUNK + 1);
      // Part 1 waits half-way for part 2 to be stored: had part 2 to wait for part 1, this would time out.
      let twoPut!: Promise<unknown>;
      const twoStored = new Promise((resolve) => setImmediate(() => resolve(twoPut)));
      const timedOut = sleep(5_000).then(() => Promise.reject(new Error("part 2 waited for part 1")));
      timedOut.catch(() => {});
      const onePut = store.putPart(
        "upl_side",
        1,
        Readable.from(
          (async function* () {
            yield one.subarray(0, CHUNK);
            await Promise.race([twoStored, timedOut]);
            yield one.subarray(CHUNK);
          })(),
        ),
        { maxBytes: 2 * CHUNK, offset: 0 },
      );
      twoPut = store.putPart("upl_side", 2, streamOf(two), { maxBytes: 2 * CHUNK, offset: 2 * CHUNK });
      // Both settled before anything is asserted, so that the staging area is idle when it is cleaned up.
      const [oneResult] = await Promise.allSettled([onePut, twoPut]);
      if (oneResult.status === "rejected") throw oneResult.reason;
      await twoPut;
      const whole = Buffer.concat([one, two]);
      const blob = await store.assemble("upl_side", [1, 2], { expectedSize: whole.length });
      expect(await readAll(await store.open(blob.sha256))).toEqual(whole);
    } finally {
      await harness.close();
    }
  });

  it("lets the next send of a part through after one that fails or is aborted while it waits", async () => {
    const harness = await diskHarness();
    try {
      const { store } = harness;
      const options = { maxBytes: 2 * CHUNK, offset: 0 };
      const failing = store.putPart(
        "upl_fail",
        1,
        Readable.from(
          (async function* () {
            yield randomBytes(CHUNK);
            await sleep(50);
            throw new Error("client went away");
          })(),
        ),
        options,
      );
      const abortedBody = streamOf(randomBytes(2 * CHUNK));
      const aborted = store.putPart("upl_fail", 1, abortedBody, options);
      abortedBody.destroy();
      const last = randomBytes(2 * CHUNK);
      const lastPut = store.putPart("upl_fail", 1, streamOf(last), options);
      await expect(failing).rejects.toThrow("client went away");
      await expect(aborted).rejects.toThrow();
      expect(await lastPut).toEqual({ number: 1, size: last.length, etag: sha256Of(last) });
      expect(await store.listParts("upl_fail")).toEqual([
        { number: 1, size: last.length, etag: sha256Of(last) },
      ]);
      const blob = await store.assemble("upl_fail", [1], { expectedSize: last.length });
      expect(await readAll(await store.open(blob.sha256))).toEqual(last);
    } finally {
      await harness.close();
    }
  });
});

const MiB = 1024 * 1024;

/** `totalBytes` of a repeated random pattern, generated as it is read: the test itself holds 1 MiB. */
function generatedStream(totalBytes: number): { stream: Readable; sha256: () => string } {
  const pattern = randomBytes(MiB);
  const hash = createHash("sha256");
  const stream = Readable.from(
    (function* () {
      for (let sent = 0; sent < totalBytes; sent += pattern.length) {
        const chunk = pattern.subarray(0, Math.min(pattern.length, totalBytes - sent));
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  return { stream, sha256: () => hash.digest("hex") };
}

describe("disk blob store memory", () => {
  // BENCH=1 runs the full 512 MiB case; the everyday run keeps the suite fast.
  const totalMiB = process.env.BENCH === "1" ? 512 : 32;

  it(`streams a ${totalMiB} MiB upload with flat memory`, async () => {
    const harness = await diskHarness();
    try {
      const { stream, sha256 } = generatedStream(totalMiB * MiB);
      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      const blob = await harness.store.put(stream, { maxBytes: totalMiB * MiB }).finally(() => {
        clearInterval(sampler);
      });
      expect(blob).toEqual({ sha256: sha256(), size: totalMiB * MiB });
      expect((peak - baseline) / MiB).toBeLessThan(64);
    } finally {
      await harness.close();
    }
  });
});
