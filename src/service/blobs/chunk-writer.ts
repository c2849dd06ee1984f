import type { FileHandle } from "node:fs/promises";

/** Bytes received and not yet written at which reading waits for the write under way (per stream). */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;

/**
 * Writes a stream's chunks into a file from `position` on and answers how many bytes it wrote. One write is in
 * flight at a time and takes every chunk that arrived while the one before ran (one `writev`): written a chunk
 * at a time (64 KiB off a socket), an 8 MiB part waited on the thread pool 128 times in turn, and four parts in
 * flight wrote 200 MiB/s on a disk that takes 540. Past MAX_QUEUED_BYTES waiting, reading waits for the write.
 */
export async function writeChunks(
  handle: FileHandle,
  chunks: AsyncIterable<Uint8Array>,
  position: number,
  /** Told of each write once it is done, in order: `size` bytes from `at`. */
  onWritten?: (at: number, size: number) => void,
): Promise<number> {
  const start = position;
  let queue: Uint8Array[] = [];
  let queued = 0;
  let writing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;

  const pump = async () => {
    try {
      while (queue.length > 0) {
        const batch = queue;
        const at = position;
        const bytes = queued;
        position += bytes;
        queue = [];
        queued = 0;
        await writeAllAt(handle, batch, at);
        onWritten?.(at, bytes);
      }
    } catch (error) {
      failure = { error };
    }
    // Checked and cleared in one turn: a chunk queued after this starts a new pump.
    writing = null;
  };

  for await (const chunk of chunks) {
    if (failure) break;
    if (chunk.byteLength === 0) continue;
    queue.push(chunk);
    queued += chunk.byteLength;
    writing ??= pump();
    if (queued >= MAX_QUEUED_BYTES) await writing;
  }
  await writing;
  if (failure) throw (failure as { error: unknown }).error;
  return position - start;
}

/** Writes every byte of `buffers` at `position`, again from where a short write stopped. */
async function writeAllAt(handle: FileHandle, buffers: Uint8Array[], position: number): Promise<void> {
  let remaining = buffers;
  while (remaining.length > 0) {
    const { bytesWritten } = await handle.writev(remaining, position);
    if (bytesWritten <= 0) throw new Error("the file took no bytes");
    position += bytesWritten;
    remaining = withoutFirstBytes(remaining, bytesWritten);
  }
}

function withoutFirstBytes(buffers: Uint8Array[], count: number): Uint8Array[] {
  let skip = count;
  let i = 0;
  while (i < buffers.length && skip >= buffers[i]!.byteLength) skip -= buffers[i++]!.byteLength;
  if (i === buffers.length) return [];
  return [buffers[i]!.subarray(skip), ...buffers.slice(i + 1)];
}
