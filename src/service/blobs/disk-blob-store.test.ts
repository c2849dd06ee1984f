import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type BlobStoreHarness, describeBlobStore } from "./blob-store.suite.ts";
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
