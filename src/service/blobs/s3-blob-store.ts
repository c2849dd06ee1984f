import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { BlobMeter } from "./blob-meter.ts";
import { assertPartNumber, assertStagingId, blobPath, isSha256 } from "./blob-names.ts";
import type {
  BlobStore,
  ByteRange,
  PresignOptions,
  PutOptions,
  StagedPart,
  StoredBlob,
} from "./blob-store.ts";
import { attachmentDisposition } from "./content-disposition.ts";
import { abortStaleUploads } from "./s3-abort-stale.ts";
import type { S3Bucket } from "./s3-bucket.ts";
import { latestParts, partName, partNamePrefix, pickParts } from "./staged-parts.ts";

/**
 * Blobs as objects under `blobs/ab/cd/<sha256>`. S3 cannot rename: a write is streamed to `tmp/<uuid>`
 * while hashing, then copied server side to its content address (skipped when already stored) and the
 * temporary object deleted. Staged parts take the same route to `staging/<id>/<number>.<sha256>`.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3";

  constructor(private readonly bucket: S3Bucket) {}

  async put(source: AsyncIterable<Uint8Array>, options?: PutOptions): Promise<StoredBlob> {
    return this.#writeThenCopy(source, options, async (blob) => {
      const target = blobKey(blob.sha256);
      return (await this.bucket.size(target)) === null ? target : null;
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
    const keyOf = (sha256: string) => stagingKey(stagingId, partName(partNumber, sha256));
    const { sha256, size } = await this.#writeThenCopy(source, options, async (part) => keyOf(part.sha256));
    const sameNumber = await this.bucket.listAll(stagingKey(stagingId, partNamePrefix(partNumber)));
    await this.bucket.delete(sameNumber.map((object) => object.Key!).filter((key) => key !== keyOf(sha256)));
    return { number: partNumber, size, etag: sha256 };
  }

  async listParts(stagingId: string): Promise<StagedPart[]> {
    assertStagingId(stagingId);
    const prefix = stagingKey(stagingId, "");
    const objects = await this.bucket.listAll(prefix);
    return latestParts(
      objects.map((object) => ({
        name: object.Key!.slice(prefix.length),
        size: object.Size ?? 0,
        modifiedAtMs: object.LastModified?.getTime() ?? 0,
      })),
    );
  }

  async assemble(stagingId: string, partNumbers: number[], options?: PutOptions): Promise<StoredBlob> {
    const parts = pickParts(await this.listParts(stagingId), partNumbers);
    const keys = parts.map((part) => stagingKey(stagingId, partName(part.number, part.etag)));
    return this.put(this.#concatObjects(keys), options);
  }

  async discardStaging(stagingId: string): Promise<void> {
    assertStagingId(stagingId);
    const objects = await this.bucket.listAll(stagingKey(stagingId, ""));
    await this.bucket.delete(objects.map((object) => object.Key!));
  }

  async open(sha256: string, range?: ByteRange): Promise<Readable | null> {
    return this.bucket.get(blobKey(sha256), range);
  }

  async stat(sha256: string): Promise<{ size: number } | null> {
    const size = await this.bucket.size(blobKey(sha256));
    return size === null ? null : { size };
  }

  async delete(sha256: string): Promise<void> {
    return this.bucket.delete([blobKey(sha256)]);
  }

  async *list(): AsyncIterable<string> {
    for await (const object of this.bucket.list("blobs/")) {
      const name = object.Key?.slice(object.Key.lastIndexOf("/") + 1) ?? "";
      if (isSha256(name)) yield name;
    }
  }

  async check(): Promise<boolean> {
    return this.bucket.reachable();
  }

  async sweepTemp(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    const stale = (await this.bucket.listAll("tmp/")).filter(
      (object) => (object.LastModified?.getTime() ?? 0) <= cutoff,
    );
    await this.bucket.delete(stale.map((object) => object.Key!));
    const { client, name } = this.bucket;
    return stale.length + (await abortStaleUploads(client, { bucket: name, prefix: "tmp/", cutoff }));
  }

  async presignedGetUrl(sha256: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket.name,
      Key: blobKey(sha256),
      ResponseContentDisposition: attachmentDisposition(options.fileName),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.bucket.client, command, { expiresIn: options.expiresInSeconds });
  }

  async close(): Promise<void> {
    this.bucket.client.destroy();
  }

  /** Streams to a temporary object, then copies it to `targetFor(blob)` unless that answers `null`. */
  async #writeThenCopy(
    source: AsyncIterable<Uint8Array>,
    options: PutOptions | undefined,
    targetFor: (blob: StoredBlob) => Promise<string | null>,
  ): Promise<StoredBlob> {
    const meter = new BlobMeter(options);
    const temp = `tmp/${randomUUID()}`;
    try {
      await this.bucket
        .upload(temp, Readable.from(meter.measure(source)))
        .catch((error) => Promise.reject(meter.limitError ?? error));
      const blob = meter.result();
      const target = await targetFor(blob);
      if (target) await this.bucket.copy(temp, target, blob.size);
      return blob;
    } finally {
      // A temporary object that cannot be deleted now is left to sweepTemp, not made the caller's failure.
      await this.bucket.delete([temp]).catch(() => {});
    }
  }

  async *#concatObjects(keys: string[]): AsyncGenerator<Uint8Array> {
    for (const key of keys) {
      const body = await this.bucket.get(key);
      if (!body) throw new Error(`staged part ${key} disappeared while assembling`);
      yield* body;
    }
  }
}

const blobKey = (sha256: string) => `blobs/${blobPath(sha256)}`;
const stagingKey = (stagingId: string, name: string) => `staging/${stagingId}/${name}`;
