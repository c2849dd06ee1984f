import { randomBytes } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeChunks } from "./chunk-writer.ts";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function* slowly(chunks: Uint8Array[]) {
  for (const chunk of chunks) {
    await new Promise((resolve) => setImmediate(resolve));
    yield chunk;
  }
}

/** A file handle over memory whose writes take at most `perCall` bytes, as a short write would. */
function shortWritingHandle(perCall: number) {
  const written = Buffer.alloc(1 << 20);
  let calls = 0;
  const handle = {
    async writev(buffers: Uint8Array[], position: number) {
      calls++;
      let done = 0;
      for (const buffer of buffers) {
        const take = Math.min(buffer.byteLength, perCall - done);
        written.set(buffer.subarray(0, take), position + done);
        done += take;
        if (done === perCall) break;
      }
      return { bytesWritten: done, buffers };
    },
  };
  return { handle: handle as unknown as FileHandle, written, calls: () => calls };
}

describe("writeChunks", () => {
  it("writes every chunk in order from the position, several chunks to a write, and answers the bytes written", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "chunk-writer-"));
    dirs.push(dir);
    const file = path.join(dir, "data");
    const head = randomBytes(1000);
    const chunks = Array.from({ length: 300 }, (_, i) => randomBytes(1 + ((i * 7919) % 70_000)));
    const handle = await open(file, "w+");
    try {
      await handle.write(head, 0, head.length, 0);
      const written = await writeChunks(handle, slowly(chunks), head.length);
      expect(written).toBe(chunks.reduce((sum, c) => sum + c.byteLength, 0));
    } finally {
      await handle.close();
    }
    expect((await readFile(file)).equals(Buffer.concat([head, ...chunks]))).toBe(true);
  });

  it("writes again from where a short write stopped, inside a chunk too", async () => {
    const { handle, written, calls } = shortWritingHandle(1000);
    const chunks = Array.from({ length: 40 }, () => randomBytes(777));
    expect(await writeChunks(handle, slowly(chunks), 5)).toBe(40 * 777);
    expect(written.subarray(5, 5 + 40 * 777).equals(Buffer.concat(chunks))).toBe(true);
    expect(calls()).toBeGreaterThanOrEqual(Math.ceil((40 * 777) / 1000));
  });

  it("fails with the write's error and stops reading the source", async () => {
    let read = 0;
    async function* source() {
      for (let i = 0; i < 1000; i++) {
        read++;
        await new Promise((resolve) => setImmediate(resolve));
        yield randomBytes(1024);
      }
    }
    const failing = { writev: async () => Promise.reject(new Error("ENOSPC: no space left")) };
    await expect(writeChunks(failing as unknown as FileHandle, source(), 0)).rejects.toThrow("ENOSPC");
    expect(read).toBeLessThan(1000);
  });
});
