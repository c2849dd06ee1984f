import { createReadStream, type Dirent } from "node:fs";
import { access, constants, mkdir, open, opendir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { BlobMeter } from "./blob-meter.ts";
import { assertPartNumber, assertStagingId, blobPath, isSha256 } from "./blob-names.ts";
import type { BlobStore, ByteRange, PutOptions, StagedPart, StoredBlob } from "./blob-store.ts";
import { assertByteRange } from "./byte-range.ts";
import { isNotFound, moveDurably, writeTempFile } from "./disk-files.ts";
import { latestParts, partName, partNamePrefix, pickParts } from "./staged-parts.ts";

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
    options: { maxBytes: number },
  ): Promise<StagedPart> {
    assertStagingId(stagingId);
    assertPartNumber(partNumber);
    const directory = path.join(this.#stagingDir, stagingId);
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
    assertStagingId(stagingId);
    const directory = path.join(this.#stagingDir, stagingId);
    const names = await readdir(directory).catch((error) => (isNotFound(error) ? [] : Promise.reject(error)));
    const entries = await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(directory, name)).catch(() => null);
        return info ? [{ name, size: info.size, modifiedAtMs: info.mtimeMs }] : [];
      }),
    );
    return latestParts(entries.flat());
  }

  async assemble(stagingId: string, partNumbers: number[], options?: PutOptions): Promise<StoredBlob> {
    const parts = pickParts(await this.listParts(stagingId), partNumbers);
    const directory = path.join(this.#stagingDir, stagingId);
    const files = parts.map((part) => path.join(directory, partName(part.number, part.etag)));
    return this.put(concatFiles(files), options);
  }

  async discardStaging(stagingId: string): Promise<void> {
    assertStagingId(stagingId);
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

  async close(): Promise<void> {}

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

async function* concatFiles(files: string[]): AsyncGenerator<Uint8Array> {
  for (const file of files) yield* createReadStream(file);
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
