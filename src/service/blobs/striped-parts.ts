import { constants, open, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ByteCounter } from "./blob-meter.ts";
import type { StagedPart } from "./blob-store.ts";
import { writeChunks } from "./chunk-writer.ts";
import type { HashThread } from "./hash-thread.ts";
import { partName } from "./staged-parts.ts";

/**
 * Parts written where they belong in one file (`data`, at the part's offset) instead of a file each: assembling
 * them is then one read to hash and a rename, not a second copy of every byte. Each part's marker
 * (`NNNNN.<sha256>.at`, holding its offset and size) is written once its bytes are flushed, so a marker always
 * describes bytes that are on disk.
 */
export const STRIPED_DATA = "data";
let partHashes = 0;
const MARKER_SUFFIX = ".at";

export const markerName = (partNumber: number, sha256: string) =>
  `${partName(partNumber, sha256)}${MARKER_SUFFIX}`;
export const isMarker = (name: string) => name.endsWith(MARKER_SUFFIX);
export const partNameOfMarker = (name: string) => name.slice(0, -MARKER_SUFFIX.length);

export interface MarkerContent {
  offset: number;
  size: number;
}

export async function readMarker(file: string): Promise<MarkerContent | null> {
  try {
    const value = JSON.parse(await readFile(file, "utf8")) as MarkerContent;
    return Number.isSafeInteger(value.offset) && Number.isSafeInteger(value.size) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Streams one part into the data file at `offset` within the size limit, flushes it, then writes its marker. Its
 * bytes are hashed on the hash thread as each write is done (read back from the page cache), so that hashing
 * goes on beside the receiving, off the service's thread, and little of it is left once the part is flushed. Markers of this part number that existed before are removed first: a re-sent part that fails
 * half-way leaves its number missing (to be sent again), never a marker over bytes it no longer describes.
 */
export async function writeStripedPart(
  directory: string,
  partNumber: number,
  offset: number,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  removeOlderMarkers: () => Promise<void>,
  hashes: HashThread,
): Promise<StagedPart> {
  await removeOlderMarkers();
  const counter = new ByteCounter({ maxBytes });
  const data = path.join(directory, STRIPED_DATA);
  const key = `part#${++partHashes}`;
  let hashing: Promise<void> = Promise.resolve();
  const hashWritten = (at: number, size: number) => {
    // Sent at once, so the thread has them in order; a failure shows when the part's hash is asked for.
    const extended = hashes.extend(key, data, at, size, offset);
    hashing = hashing.then(() => extended);
    extended.catch(() => {});
  };
  let size: number;
  let sha256: string;
  try {
    // Created when missing, and without O_APPEND: each part writes at its own position.
    const handle = await open(data, constants.O_RDWR | constants.O_CREAT);
    try {
      await writeChunks(handle, counter.count(source), offset, hashWritten);
      await handle.sync();
    } finally {
      await handle.close();
    }
    size = counter.result();
    await hashing;
    sha256 = await hashes.finish(key, data, offset + size, 0, offset);
  } catch (error) {
    hashes.forget(key);
    throw error;
  }
  const marker = path.join(directory, markerName(partNumber, sha256));
  await writeFile(marker, JSON.stringify({ offset, size } satisfies MarkerContent));
  return { number: partNumber, size, etag: sha256 };
}
