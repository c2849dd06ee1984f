import type { ByteRange } from "./blob-store.ts";

/** Callers check a range against the blob's size (`stat`); this only refuses ranges that mean nothing. */
export function assertByteRange({ start, end }: ByteRange): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`invalid byte range ${start}-${end}`);
  }
}

/** The HTTP Range header for an inclusive range (RFC 9110 §14.1.2). */
export function rangeHeader(range: ByteRange): string {
  assertByteRange(range);
  return `bytes=${range.start}-${range.end}`;
}

/** The first `count` bytes of `source`; the rest is not read and the source is closed. */
export async function* firstBytes(
  source: AsyncIterable<Uint8Array>,
  count: number,
): AsyncGenerator<Uint8Array> {
  let left = count;
  for await (const chunk of source) {
    if (left <= 0) return;
    yield chunk.byteLength <= left ? chunk : chunk.subarray(0, left);
    left -= chunk.byteLength;
  }
}
