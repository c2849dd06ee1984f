import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HashThread } from "./hash-thread.ts";
import { type PlacedPart, RunningHashes } from "./running-hashes.ts";

let dir: string;
const thread = new HashThread();
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "running-hash-"));
});
afterAll(async () => {
  await thread.close();
  await rm(dir, { recursive: true, force: true });
});

const PART = 64 * 1024;
const sha256 = (...buffers: Buffer[]) => createHash("sha256").update(Buffer.concat(buffers)).digest("hex");

/** Writes part `number` (1-based) of a staging area's data file, as the store does, and tells `hashes`. */
async function write(hashes: RunningHashes, id: string, number: number, bytes: Buffer): Promise<PlacedPart> {
  const file = path.join(dir, id);
  const offset = (number - 1) * PART;
  hashes.writing(id, number, offset);
  const handle = await open(file, "a+").then(async (h) => {
    await h.close();
    return open(file, "r+");
  });
  await handle.write(bytes, 0, bytes.length, offset);
  await handle.close();
  const part = { number, etag: sha256(bytes), offset, size: bytes.length };
  hashes.written(id, file, part);
  return part;
}

/** Writes bytes at a part's place without telling anyone (a part the running hash has not seen). */
async function writeQuietly(id: string, number: number, bytes: Buffer) {
  const handle = await open(path.join(dir, id), "r+");
  await handle.write(bytes, 0, bytes.length, (number - 1) * PART);
  await handle.close();
  return { number, etag: sha256(bytes), offset: (number - 1) * PART, size: bytes.length };
}

const total = (parts: PlacedPart[]) => parts.reduce((sum, part) => sum + part.size, 0);

describe("RunningHashes", () => {
  it("hashes the parts from offset 0 as they arrive, in any order, and the assembly reads none of them again", async () => {
    const hashes = new RunningHashes(thread);
    const bytes = [randomBytes(PART), randomBytes(PART), randomBytes(PART), randomBytes(1000)];
    const parts = [
      await write(hashes, "a", 2, bytes[1]!),
      await write(hashes, "a", 1, bytes[0]!),
      await write(hashes, "a", 4, bytes[3]!),
    ].sort((x, y) => x.number - y.number);
    parts.splice(2, 0, await write(hashes, "a", 3, bytes[2]!));
    const file = path.join(dir, "a");
    // Another store's follower has no running hash: it reads every byte.
    expect(await new RunningHashes(thread).digest("a", parts, file, total(parts))).toEqual({
      sha256: sha256(...bytes),
      resumedAt: 0,
    });
    expect(await hashes.digest("a", parts, file, total(parts))).toEqual({
      sha256: sha256(...bytes),
      resumedAt: total(parts),
    });
    expect(hashes.followed).toBe(0);
  });

  it("continues from the leading run it hashed with the bytes of the parts after it", async () => {
    const hashes = new RunningHashes(thread);
    const one = randomBytes(PART);
    const two = randomBytes(10);
    const first = await write(hashes, "b", 1, one);
    const second = await writeQuietly("b", 2, two);
    expect(await hashes.digest("b", [first, second], path.join(dir, "b"), PART + 10)).toEqual({
      sha256: sha256(one, two),
      resumedAt: PART,
    });
  });

  it("reads every byte when a hashed part was sent again, or the assembly's parts are not those hashed", async () => {
    const hashes = new RunningHashes(thread);
    await write(hashes, "c", 1, randomBytes(PART));
    const second = await write(hashes, "c", 2, randomBytes(PART));
    const againBytes = randomBytes(PART);
    const again = await write(hashes, "c", 1, againBytes);
    const file = (id: string) => path.join(dir, id);
    const { resumedAt } = await hashes.digest("c", [again, second], file("c"), 2 * PART);
    expect(resumedAt).toBe(0);

    const first = await write(hashes, "d", 1, randomBytes(PART));
    expect((await hashes.digest("d", [{ ...first, etag: "other" }], file("d"), PART)).resumedAt).toBe(0);
    const e1 = await write(hashes, "e", 1, randomBytes(PART));
    await write(hashes, "e", 2, randomBytes(PART));
    const onlyFirst = await hashes.digest("e", [e1], file("e"), PART);
    expect(onlyFirst).toEqual({ sha256: e1.etag, resumedAt: 0 });
  });

  it("forgets a staging area that is discarded", async () => {
    const hashes = new RunningHashes(thread);
    const part = await write(hashes, "f", 1, randomBytes(PART));
    hashes.forget("f");
    expect(hashes.followed).toBe(0);
    expect(await hashes.digest("f", [part], path.join(dir, "f"), PART)).toEqual({
      sha256: part.etag,
      resumedAt: 0,
    });
  });

  it("reads every byte when the hash thread started again since (its running hashes are gone)", async () => {
    const hashes = new RunningHashes(thread);
    const bytes = [randomBytes(PART), randomBytes(PART)];
    const parts = [await write(hashes, "g", 1, bytes[0]!), await write(hashes, "g", 2, bytes[1]!)];
    // The parts' catch-up is done well within this; the running hash then lives in the thread that closes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await thread.close();
    expect(await hashes.digest("g", parts, path.join(dir, "g"), 2 * PART)).toEqual({
      sha256: sha256(...bytes),
      resumedAt: 0,
    });
  });
});
