import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BlobSizeMismatchError, BlobTooLargeError, StagedPartMissingError } from "./blob-errors.ts";
import type { BlobStore } from "./blob-store.ts";

/** A store under test, with a view of what it keeps besides blobs. */
export interface BlobStoreHarness {
  store: BlobStore;
  /** Leaves a temporary item as a write interrupted by a crash would. */
  leaveTemp(bytes: Uint8Array): Promise<void>;
  /** How many temporary items and staged parts exist. */
  leftovers(): Promise<number>;
  close(): Promise<void>;
}

/** Streams `bytes` in chunks, as a request body arrives. */
export function streamOf(bytes: Uint8Array, chunkBytes = 16 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunkBytes) yield bytes.subarray(at, at + chunkBytes);
    })(),
  );
}

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export async function readAll(stream: AsyncIterable<Uint8Array> | null): Promise<Buffer> {
  if (!stream) throw new Error("expected a stream");
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function listAll(store: BlobStore): Promise<string[]> {
  const hashes: string[] = [];
  for await (const hash of store.list()) hashes.push(hash);
  return hashes.sort();
}

/** The behaviour every BlobStore implementation shares. */
export function describeBlobStore(name: string, createHarness: () => Promise<BlobStoreHarness>) {
  describe(`${name} blob store`, () => {
    let harness: BlobStoreHarness;
    let store: BlobStore;
    beforeEach(async () => {
      harness = await createHarness();
      store = harness.store;
    });
    afterEach(() => harness.close());

    it("stores a stream under its SHA-256 and reads it back", async () => {
      const bytes = randomBytes(300_000);
      const blob = await store.put(streamOf(bytes));
      expect(blob).toEqual({ sha256: sha256Of(bytes), size: bytes.length });
      expect(await readAll(await store.open(blob.sha256))).toEqual(bytes);
      expect(await store.stat(blob.sha256)).toEqual({ size: bytes.length });
      expect(await harness.leftovers()).toBe(0);
    });

    it("stores an empty blob", async () => {
      const blob = await store.put(streamOf(Buffer.alloc(0)), { expectedSize: 0 });
      expect(blob).toEqual({ sha256: sha256Of(Buffer.alloc(0)), size: 0 });
      expect(await readAll(await store.open(blob.sha256))).toEqual(Buffer.alloc(0));
    });

    it("stores identical bytes once", async () => {
      const bytes = randomBytes(50_000);
      const first = await store.put(streamOf(bytes));
      const second = await store.put(streamOf(bytes, 7_000));
      expect(second).toEqual(first);
      expect(await listAll(store)).toEqual([first.sha256]);
      expect(await harness.leftovers()).toBe(0);
    });

    it("reads inclusive byte ranges", async () => {
      const bytes = randomBytes(10_000);
      const { sha256 } = await store.put(streamOf(bytes));
      const range = async (start: number, end: number) => readAll(await store.open(sha256, { start, end }));
      expect(await range(0, 0)).toEqual(bytes.subarray(0, 1));
      expect(await range(4_000, 6_999)).toEqual(bytes.subarray(4_000, 7_000));
      expect(await range(9_999, 9_999)).toEqual(bytes.subarray(9_999));
      await expect(store.open(sha256, { start: 5, end: 4 })).rejects.toThrow(RangeError);
    });

    it("answers null for a blob it does not hold and refuses malformed hashes", async () => {
      const missing = sha256Of(Buffer.from("never stored"));
      expect(await store.open(missing)).toBeNull();
      expect(await store.stat(missing)).toBeNull();
      await expect(store.open("../../etc/passwd")).rejects.toThrow(TypeError);
    });

    it("refuses a source over maxBytes and leaves nothing behind", async () => {
      const put = store.put(streamOf(randomBytes(100_000)), { maxBytes: 99_999 });
      await expect(put).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await listAll(store)).toEqual([]);
      expect(await harness.leftovers()).toBe(0);
    });

    it("refuses a source longer or shorter than expectedSize and leaves nothing behind", async () => {
      const bytes = randomBytes(20_000);
      await expect(store.put(streamOf(bytes), { expectedSize: 19_999 })).rejects.toBeInstanceOf(
        BlobSizeMismatchError,
      );
      await expect(store.put(streamOf(bytes), { expectedSize: 20_001 })).rejects.toMatchObject({
        code: "blob_size_mismatch",
        receivedSize: 20_000,
      });
      expect(await listAll(store)).toEqual([]);
      expect(await harness.leftovers()).toBe(0);
    });

    it("leaves nothing behind when the source fails midway, as when a client disconnects", async () => {
      const failing = Readable.from(
        (async function* () {
          yield randomBytes(40_000);
          throw new Error("client went away");
        })(),
      );
      await expect(store.put(failing)).rejects.toThrow("client went away");
      expect(await listAll(store)).toEqual([]);
      expect(await harness.leftovers()).toBe(0);
    });

    it("assembles parts that arrived out of order, one of them sent twice", async () => {
      const parts = [randomBytes(30_000), randomBytes(30_000), randomBytes(12_345)];
      const [one, two, three] = parts as [Buffer, Buffer, Buffer];
      await store.putPart("upl_1", 3, streamOf(three), { maxBytes: 30_000 });
      await store.putPart("upl_1", 1, streamOf(randomBytes(30_000)), { maxBytes: 30_000 });
      expect(await store.putPart("upl_1", 2, streamOf(two), { maxBytes: 30_000 })).toEqual({
        number: 2,
        size: 30_000,
        etag: sha256Of(two),
      });
      await store.putPart("upl_1", 1, streamOf(one), { maxBytes: 30_000 });

      expect(await store.listParts("upl_1")).toEqual(
        parts.map((bytes, index) => ({ number: index + 1, size: bytes.length, etag: sha256Of(bytes) })),
      );
      const whole = Buffer.concat(parts);
      const blob = await store.assemble("upl_1", [1, 2, 3], { expectedSize: whole.length });
      expect(blob).toEqual({ sha256: sha256Of(whole), size: whole.length });
      expect(await readAll(await store.open(blob.sha256))).toEqual(whole);
    });

    it("assembles parts written at their offsets, out of order, one re-sent, and again when asked again", async () => {
      const size = 30_000;
      const parts = [randomBytes(size), randomBytes(size), randomBytes(9_999)];
      const at = (n: number) => ({ maxBytes: size, offset: (n - 1) * size });
      await store.putPart("upl_4", 3, streamOf(parts[2]!), at(3));
      await store.putPart("upl_4", 1, streamOf(randomBytes(size)), at(1));
      await store.putPart("upl_4", 2, streamOf(parts[1]!), at(2));
      await store.putPart("upl_4", 1, streamOf(parts[0]!), at(1));
      expect(await store.listParts("upl_4")).toEqual(
        parts.map((bytes, index) => ({ number: index + 1, size: bytes.length, etag: sha256Of(bytes) })),
      );
      const whole = Buffer.concat(parts);
      const blob = await store.assemble("upl_4", [1, 2, 3], { expectedSize: whole.length });
      expect(blob).toEqual({ sha256: sha256Of(whole), size: whole.length });
      expect(await readAll(await store.open(blob.sha256))).toEqual(whole);
      // A completion retried after a crash assembles the same blob again.
      expect(await store.assemble("upl_4", [1, 2, 3], { expectedSize: whole.length })).toEqual(blob);
      await store.discardStaging("upl_4");
      expect(await harness.leftovers()).toBe(0);
    });

    it("never assembles the bytes of a re-send that failed half-way", async () => {
      const first = Buffer.from("0123456789");
      await store.putPart("upl_5", 1, streamOf(first), { maxBytes: 10, offset: 0 });
      const broken = Readable.from(
        (async function* () {
          yield Buffer.from("abc");
          throw new Error("client went away");
        })(),
      );
      await expect(store.putPart("upl_5", 1, broken, { maxBytes: 10, offset: 0 })).rejects.toThrow(
        "client went away",
      );
      // Either the part is missing (to be sent again: the disk store, which wrote over it in place) or the
      // first send still stands whole (S3, which replaces a part only once the new one is complete).
      const listed = await store.listParts("upl_5");
      if (listed.length === 0) {
        await expect(store.assemble("upl_5", [1])).rejects.toBeInstanceOf(StagedPartMissingError);
      } else {
        expect(listed).toEqual([{ number: 1, size: 10, etag: sha256Of(first) }]);
        const blob = await store.assemble("upl_5", [1], { expectedSize: 10 });
        expect(await readAll(await store.open(blob.sha256))).toEqual(first);
      }
      await store.discardStaging("upl_5");
    });

    it("refuses a part over maxBytes and assembling a part never received", async () => {
      await store.putPart("upl_2", 1, streamOf(Buffer.from("first")), { maxBytes: 10 });
      const tooLarge = store.putPart("upl_2", 2, streamOf(randomBytes(11)), { maxBytes: 10 });
      await expect(tooLarge).rejects.toBeInstanceOf(BlobTooLargeError);
      expect((await store.listParts("upl_2")).map((part) => part.number)).toEqual([1]);
      await expect(store.assemble("upl_2", [1, 2])).rejects.toBeInstanceOf(StagedPartMissingError);
      await expect(store.putPart("../x", 1, streamOf(Buffer.from("x")), { maxBytes: 1 })).rejects.toThrow(
        TypeError,
      );
    });

    it("discards a staging area with its parts", async () => {
      await store.putPart("upl_3", 1, streamOf(Buffer.from("one")), { maxBytes: 10 });
      await store.putPart("upl_3", 2, streamOf(Buffer.from("two")), { maxBytes: 10 });
      await store.discardStaging("upl_3");
      await store.discardStaging("upl_never");
      expect(await store.listParts("upl_3")).toEqual([]);
      expect(await harness.leftovers()).toBe(0);
    });

    it("never shows a crashed write as a blob, and sweeps it once old enough", async () => {
      await harness.leaveTemp(randomBytes(1_000));
      expect(await listAll(store)).toEqual([]);
      expect(await store.sweepTemp(60 * 60_000)).toBe(0);
      expect(await harness.leftovers()).toBe(1);
      expect(await store.sweepTemp(0)).toBe(1);
      expect(await harness.leftovers()).toBe(0);
    });

    it("lists and deletes blobs", async () => {
      const blobs = await Promise.all(["a", "b", "c"].map((text) => store.put(streamOf(Buffer.from(text)))));
      expect(await listAll(store)).toEqual(blobs.map((blob) => blob.sha256).sort());
      await store.delete(blobs[1]!.sha256);
      await store.delete(blobs[1]!.sha256);
      expect(await store.stat(blobs[1]!.sha256)).toBeNull();
      expect(await listAll(store)).toEqual([blobs[0]!.sha256, blobs[2]!.sha256].sort());
      expect(await text((await store.open(blobs[2]!.sha256))!)).toBe("c");
    });

    it("reports itself healthy", async () => {
      expect(await store.check()).toBe(true);
    });
  });
}
