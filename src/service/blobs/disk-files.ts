import { randomUUID } from "node:crypto";
import { type FileHandle, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";

/**
 * Writes the chunks to a new file in `directory` and flushes it to the disk, so that once renamed into
 * place it can never be seen half-written. On failure the file is removed and the error rethrown.
 */
export async function writeTempFile(directory: string, chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const filePath = path.join(directory, randomUUID());
  const handle = await open(filePath, "wx");
  // One write stays in flight while the next chunk is hashed: the two then overlap instead of taking turns.
  let writing: Promise<unknown> = Promise.resolve();
  try {
    for await (const chunk of chunks) {
      await writing;
      writing = writeAll(handle, chunk);
      // Awaited on the next turn; until then a failure must not count as an unhandled rejection.
      writing.catch(() => {});
    }
    await writing;
    await handle.sync();
    await handle.close();
    return filePath;
  } catch (error) {
    await writing.catch(() => {});
    await handle.close().catch(() => {});
    await rm(filePath, { force: true });
    throw error;
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let offset = 0; offset < chunk.byteLength; ) {
    offset += (await handle.write(chunk, offset)).bytesWritten;
  }
}

/**
 * Moves a flushed file to its final name in one atomic step, then flushes the directory so that the new
 * name survives a crash too.
 */
export async function moveDurably(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await rename(from, to);
  await syncDirectory(path.dirname(to));
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}
