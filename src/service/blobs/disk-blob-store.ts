import { createReadStream, type Dirent } from "node:fs";
import {
  access,
  constants,
  mkdir,
  open,
  opendir,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { StagingSealedError } from "./blob-errors.ts";
import { BlobMeter, sizeError } from "./blob-meter.ts";
import { assertPartNumber, assertStagingId, blobPath, isSha256 } from "./blob-names.ts";
import type { BlobStore, ByteRange, PutOptions, StagedPart, StoredBlob } from "./blob-store.ts";
import { assertByteRange } from "./byte-range.ts";
import { isNotFound, moveDurably, writeTempFile } from "./disk-files.ts";
import { HashThread } from "./hash-thread.ts";
import { RunningHashes } from "./running-hashes.ts";
import { latestParts, partName, partNamePrefix, pickParts } from "./staged-parts.ts";
import { StagingWriters } from "./staging-writers.ts";
import { isMarker, partNameOfMarker, readMarker, STRIPED_DATA, writeStripedPart } from "./striped-parts.ts";

const TWO_HEX = /^[0-9a-f]{2}$/;

/**
 * Blobs as files under `root/ab/cd/<sha256>`. Temporary files (`.tmp`) and staged parts (`.staging`) live
 * under the same root, on the same filesystem, so moving them into place is an atomic rename.
 */
export class DiskBlobStore implements BlobStore {
  readonly kind = "disk";
  readonly #tempDir: string;
  readonly #stagingDir: string;
  #ready: Promise<void> | undefined;
  readonly #writers = new StagingWriters();
  readonly #hashThread = new HashThread();
  readonly #hashes = new RunningHashes(this.#hashThread);

  constructor(readonly root: string) {
    this.#tempDir = path.join(root, ".tmp");
    this.#stagingDir = path.join(root, ".staging");
  }

  async put(source: AsyncIterable<Uint8Array>, options?: PutOptions): Promise<StoredBlob> {
    return this.#writeThenMove(source, options, async (blob) => {
      const target = path.join(this.root, blobPath(blob.sha256));
      return (await exists(target)) ? null : target;
    });
  }

  async putPart(
    stagingId: string,
    partNumber: number,
    source: AsyncIterable<Uint8Array>,
    options: { maxBytes: number; offset?: number },
  ): Promise<StagedPart> {
    assertStagingId(stagingId);
    assertPartNumber(partNumber);
    const directory = path.join(this.#stagingDir, stagingId);
    if (options.offset !== undefined) {
      // Sends of this part number take turns: each writes all its bytes, then its marker, before the next starts.
      return this.#writers.run(stagingId, partNumber, async () => {
        await this.#ensureDirectories();
        await mkdir(directory, { recursive: true });
        if (await exists(path.join(directory, SEALED))) throw new StagingSealedError(stagingId);
        const offset = options.offset!;
        this.#hashes.writing(stagingId, partNumber, offset);
        const part = await writeStripedPart(
          directory,
          partNumber,
          offset,
          source,
          options.maxBytes,
          () => this.#removePart(directory, partNumber),
          this.#hashThread,
        );
        this.#hashes.written(stagingId, path.join(directory, STRIPED_DATA), { ...part, offset });
        return part;
      });
    }
    const { sha256, size } = await this.#writeThenMove(source, options, async (part) =>
      path.join(directory, partName(partNumber, part.sha256)),
    );
    const replaced = (await readdir(directory)).filter(
      (name) => name.startsWith(partNamePrefix(partNumber)) && name !== partName(partNumber, sha256),
    );
    await Promise.all(replaced.map((name) => rm(path.join(directory, name), { force: true })));
    return { number: partNumber, size, etag: sha256 };
  }

  async listParts(stagingId: string): Promise<StagedPart[]> {
    return (await this.#stagedParts(stagingId)).map(({ number, size, etag }) => ({ number, size, etag }));
  }

  async assemble(stagingId: string, partNumbers: number[], options?: PutOptions): Promise<StoredBlob> {
    assertStagingId(stagingId);
    const directory = path.join(this.#stagingDir, stagingId);
    return this.#writers.seal(stagingId, async () => {
      const sealed = await readSealed(directory);
      if (sealed && (await this.stat(sealed.sha256))) return sealed;
      const parts = pickParts(await this.#stagedParts(stagingId), partNumbers) as LocatedPart[];
      if (inPlace(parts)) return this.#sealInPlace(stagingId, directory, parts, options);
      this.#hashes.forget(stagingId);
      return this.put(concatParts(directory, parts), options);
    });
  }

  /** Every part received, old layout (a file each) and striped (a marker each) alike. */
  async #stagedParts(stagingId: string): Promise<LocatedPart[]> {
    assertStagingId(stagingId);
    const directory = path.join(this.#stagingDir, stagingId);
    const names = await readdir(directory).catch((error) => (isNotFound(error) ? [] : Promise.reject(error)));
    const offsets = new Map<string, number>();
    const entries = await Promise.all(
      names.map(async (name) => {
        const file = path.join(directory, name);
        const info = await stat(file).catch(() => null);
        if (!info) return [];
        if (!isMarker(name)) return [{ name, size: info.size, modifiedAtMs: info.mtimeMs }];
        const marker = await readMarker(file);
        if (!marker) return [];
        offsets.set(partNameOfMarker(name), marker.offset);
        return [{ name: partNameOfMarker(name), size: marker.size, modifiedAtMs: info.mtimeMs }];
      }),
    );
    return latestParts(entries.flat()).map((part) => ({
      ...part,
      offset: offsets.get(partName(part.number, part.etag)) ?? null,
    }));
  }

  /**
   * Striped parts that fill the data file from its start in order: hash it and move it into place. The bytes of
   * the leading parts were hashed while the upload went on, when they match the running hash; the rest are read.
   */
  async #sealInPlace(
    stagingId: string,
    directory: string,
    parts: LocatedPart[],
    options?: PutOptions,
  ): Promise<StoredBlob> {
    const data = path.join(directory, STRIPED_DATA);
    const total = parts.reduce((sum, part) => sum + part.size, 0);
    const placed = parts.map(({ number, etag, offset, size }) => ({ number, etag, offset: offset!, size }));
    const limitError = sizeError(total, { ...options, expectedSize: options?.expectedSize ?? total });
    if (limitError) {
      this.#hashes.forget(stagingId);
      throw limitError;
    }
    const { sha256 } = await this.#hashes.digest(stagingId, placed, data, total);
    const blob: StoredBlob = { sha256, size: total };
    await truncate(data, total);
    // Recorded before the move: a repeated assembly (a retried completion) answers the same blob.
    await writeFile(path.join(directory, SEALED), JSON.stringify(blob));
    const target = path.join(this.root, blobPath(blob.sha256));
    if (await exists(target)) await rm(data, { force: true });
    else await moveDurably(data, target);
    return blob;
  }

  /** Removes what is recorded of one part number (its marker or its file); the data file's bytes stay. */
  async #removePart(directory: string, partNumber: number): Promise<void> {
    const names = await readdir(directory).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.startsWith(partNamePrefix(partNumber)))
        .map((name) => rm(path.join(directory, name), { force: true })),
    );
  }

  async discardStaging(stagingId: string): Promise<void> {
    assertStagingId(stagingId);
    this.#hashes.forget(stagingId);
    await rm(path.join(this.#stagingDir, stagingId), { recursive: true, force: true });
  }

  async open(sha256: string, range?: ByteRange): Promise<Readable | null> {
    if (range) assertByteRange(range);
    const handle = await open(path.join(this.root, blobPath(sha256)), "r").catch((error) =>
      isNotFound(error) ? null : Promise.reject(error),
    );
    if (!handle) return null;
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(sha256: string): Promise<{ size: number } | null> {
    const info = await stat(path.join(this.root, blobPath(sha256))).catch((error) =>
      isNotFound(error) ? null : Promise.reject(error),
    );
    return info && { size: info.size };
  }

  async delete(sha256: string): Promise<void> {
    await rm(path.join(this.root, blobPath(sha256)), { force: true });
  }

  async *list(): AsyncIterable<string> {
    for await (const first of await openDirIfExists(this.root)) {
      if (!first.isDirectory() || !TWO_HEX.test(first.name)) continue;
      for await (const second of await openDirIfExists(path.join(this.root, first.name))) {
        if (!second.isDirectory() || !TWO_HEX.test(second.name)) continue;
        for await (const file of await openDirIfExists(path.join(this.root, first.name, second.name))) {
          if (file.isFile() && isSha256(file.name)) yield file.name;
        }
      }
    }
  }

  async check(): Promise<boolean> {
    try {
      await this.#ensureDirectories();
      await access(this.root, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  async sweepTemp(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for await (const entry of await openDirIfExists(this.#tempDir)) {
      const file = path.join(this.#tempDir, entry.name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs <= cutoff) {
        await rm(file, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async close(): Promise<void> {
    await this.#hashThread.close();
  }

  /** Writes a temporary file, then moves it to `targetFor(blob)` unless that answers `null`. */
  async #writeThenMove(
    source: AsyncIterable<Uint8Array>,
    options: PutOptions | undefined,
    targetFor: (blob: StoredBlob) => Promise<string | null>,
  ): Promise<StoredBlob> {
    await this.#ensureDirectories();
    const meter = new BlobMeter(options);
    const temp = await writeTempFile(this.#tempDir, meter.measure(source));
    try {
      const blob = meter.result();
      const target = await targetFor(blob);
      if (target) await moveDurably(temp, target);
      return blob;
    } finally {
      await rm(temp, { force: true });
    }
  }

  #ensureDirectories(): Promise<void> {
    this.#ready ??= Promise.all([
      mkdir(this.#tempDir, { recursive: true }),
      mkdir(this.#stagingDir, { recursive: true }),
    ]).then(
      () => {},
      (error) => {
        this.#ready = undefined;
        throw error;
      },
    );
    return this.#ready;
  }
}

/** A staged part and, when striped, where its bytes start in the data file. */
type LocatedPart = StagedPart & { offset: number | null };

/** Every part striped, in order, each starting where the one before ended, from the data file's start. */
function inPlace(parts: LocatedPart[]): boolean {
  let next = 0;
  for (const part of parts) {
    if (part.offset !== next) return false;
    next += part.size;
  }
  return true;
}

/** The parts' bytes in the given order, whichever layout each part has. */
async function* concatParts(directory: string, parts: LocatedPart[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if (part.offset === null) yield* createReadStream(path.join(directory, partName(part.number, part.etag)));
    else if (part.size > 0) {
      yield* createReadStream(path.join(directory, STRIPED_DATA), {
        start: part.offset,
        end: part.offset + part.size - 1,
      });
    }
  }
}

const SEALED = "sealed";

async function readSealed(directory: string): Promise<StoredBlob | null> {
  try {
    return JSON.parse(await readFile(path.join(directory, SEALED), "utf8")) as StoredBlob;
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error) => (isNotFound(error) ? false : Promise.reject(error)),
  );
}

async function openDirIfExists(directory: string): Promise<AsyncIterable<Dirent>> {
  return opendir(directory).catch((error) => (isNotFound(error) ? emptyDir() : Promise.reject(error)));
}

async function* emptyDir(): AsyncGenerator<Dirent> {}
