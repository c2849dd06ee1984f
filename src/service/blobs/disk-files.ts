import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { writeChunks } from "./chunk-writer.ts";

/**
 * Writes the chunks to a new file in `directory` and flushes it to the disk, so that once renamed into
 * place it can never be seen half-written. On failure the file is removed and the error rethrown.
 */
export async function writeTempFile(directory: string, chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const filePath = path.join(directory, randomUUID());
  const handle = await open(filePath, "wx");
  try {
    await writeChunks(handle, chunks, 0);
    await handle.sync();
    await handle.close();
    return filePath;
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(filePath, { force: true });
    throw error;
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
