import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HashGapError, HashThread } from "./hash-thread.ts";

let dir: string;
let file: string;
const bytes = randomBytes(3 * 1024 * 1024 + 17);
const sha256 = (buffer: Buffer) => createHash("sha256").update(buffer).digest("hex");
const thread = new HashThread();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "hash-thread-"));
  file = path.join(dir, "data");
  await writeFile(file, bytes);
});
afterAll(async () => {
  await thread.close();
  await rm(dir, { recursive: true, force: true });
});

describe("HashThread", () => {
  it("answers the SHA-256 of a range of a file", async () => {
    expect(await thread.digest(file, 0, bytes.length)).toBe(sha256(bytes));
    expect(await thread.digest(file, 1000, 2 * 1024 * 1024)).toBe(
      sha256(bytes.subarray(1000, 1000 + 2 * 1024 * 1024)),
    );
    expect(await thread.digest(file, 5, 0)).toBe(sha256(Buffer.alloc(0)));
  });

  it("keeps a running hash by key, extended range after range and finished with the last", async () => {
    await thread.extend("k", file, 0, 1_000_000);
    await thread.extend("k", file, 1_000_000, 2_000_000);
    expect(await thread.finish("k", file, 3_000_000, bytes.length - 3_000_000)).toBe(sha256(bytes));
    // Finished is forgotten: a range after it has nothing to extend.
    await expect(thread.extend("k", file, bytes.length, 0)).rejects.toBeInstanceOf(HashGapError);
  });

  it("starts a running hash at its origin (a part's place), empty ones too", async () => {
    await thread.extend("part", file, 500, 100, 500);
    await thread.extend("part", file, 600, 50, 500);
    expect(await thread.finish("part", file, 650, 0, 500)).toBe(sha256(bytes.subarray(500, 650)));
    expect(await thread.finish("empty", file, 700, 0, 700)).toBe(sha256(Buffer.alloc(0)));
    await expect(thread.extend("late", file, 800, 10, 700)).rejects.toBeInstanceOf(HashGapError);
  });

  it("refuses a range that does not continue the running hash, and a file that ends before the range does", async () => {
    await thread.extend("gap", file, 0, 100);
    await expect(thread.extend("gap", file, 200, 100)).rejects.toBeInstanceOf(HashGapError);
    await expect(thread.digest(file, bytes.length - 10, 20)).rejects.toMatchObject({ code: "SHORT_FILE" });
    await expect(thread.digest(path.join(dir, "missing"), 0, 1)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("starts again after it was closed, without the running hashes it held", async () => {
    await thread.extend("kept", file, 0, 100);
    await thread.close();
    await expect(thread.finish("kept", file, 100, 100)).rejects.toBeInstanceOf(HashGapError);
    expect(await thread.digest(file, 0, 100)).toBe(sha256(bytes.subarray(0, 100)));
  });
});
