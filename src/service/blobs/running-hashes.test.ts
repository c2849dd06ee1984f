import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlacedPart, RunningHashes } from "./running-hashes.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "running-hash-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

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

describe("RunningHashes", () => {
  it("hashes the parts from offset 0 as they arrive, in any order", async () => {
    const hashes = new RunningHashes();
    const bytes = [randomBytes(PART), randomBytes(PART), randomBytes(PART), randomBytes(1000)];
    const parts = [
      await write(hashes, "a", 2, bytes[1]!),
      await write(hashes, "a", 1, bytes[0]!),
      await write(hashes, "a", 4, bytes[3]!),
    ].sort((x, y) => x.number - y.number);
    // Part 3 is missing: the hash covers parts 1 and 2 only.
    const partial = await new RunningHashes().take("a", parts);
    expect(partial).toBeNull();
    parts.splice(2, 0, await write(hashes, "a", 3, bytes[2]!));
    const taken = await hashes.take("a", parts);
    expect(taken).toMatchObject({ size: 3 * PART + 1000, parts: 4 });
    expect(taken!.hash.digest("hex")).toBe(sha256(...bytes));
    expect(hashes.followed).toBe(0);
  });

  it("gives back a leading run for an assembly of more parts than it hashed", async () => {
    const hashes = new RunningHashes();
    const one = randomBytes(PART);
    const first = await write(hashes, "b", 1, one);
    const second = { number: 2, etag: "e", offset: PART, size: 10 };
    const taken = await hashes.take("b", [first, second]);
    expect(taken).toMatchObject({ size: PART, parts: 1 });
    expect(taken!.hash.digest("hex")).toBe(sha256(one));
  });

  it("gives up when a hashed part is sent again, or the assembly's parts are not those hashed", async () => {
    const hashes = new RunningHashes();
    const first = await write(hashes, "c", 1, randomBytes(PART));
    await write(hashes, "c", 2, randomBytes(PART));
    const again = await write(hashes, "c", 1, randomBytes(PART));
    expect(await hashes.take("c", [again])).toBeNull();

    await write(hashes, "d", 1, randomBytes(PART));
    expect(await hashes.take("d", [{ ...first, etag: "other" }])).toBeNull();
    await write(hashes, "e", 1, randomBytes(PART));
    await write(hashes, "e", 2, randomBytes(PART));
    expect(await hashes.take("e", [first])).toBeNull();
  });

  it("forgets a staging area that is discarded", async () => {
    const hashes = new RunningHashes();
    const part = await write(hashes, "f", 1, randomBytes(PART));
    hashes.forget("f");
    expect(hashes.followed).toBe(0);
    expect(await hashes.take("f", [part])).toBeNull();
  });
});
