import { Readable } from "node:stream";
import {
  type _Object,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ByteRange } from "./blob-store.ts";
import { boundedAll } from "./bounded-all.ts";
import { firstBytes, rangeHeader } from "./byte-range.ts";
import { copyObject } from "./s3-copy.ts";

// 8 MiB parts keep a 50 GiB blob within S3's 10,000 parts; four in flight bound the buffers to 32 MiB.
const UPLOAD_PART_BYTES = 8 * 1024 ** 2;
const UPLOADS_IN_FLIGHT = 4;
const PARALLEL_DELETES = 16;

/** The object operations the blob store needs, on one bucket, with "not found" answered as `null`. */
export class S3Bucket {
  constructor(
    readonly client: S3Client,
    readonly name: string,
  ) {}

  /** Streams `body` to `key` in multipart chunks of bounded size. */
  async upload(key: string, body: Readable): Promise<void> {
    await new Upload({
      client: this.client,
      params: { Bucket: this.name, Key: key, Body: body },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOADS_IN_FLIGHT,
    }).done();
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const request = { Bucket: this.name, Key: key };
    const response = await this.client
      .send(new GetObjectCommand(range ? { ...request, Range: rangeHeader(range) } : request))
      .catch(nullWhenMissing);
    if (!response) return null;
    const body = response.Body as Readable;
    const length = range && range.end - range.start + 1;
    if (!length || (response.ContentLength ?? 0) <= length) return body;
    // s3rver, a common S3 stand-in in development, answers `bytes=0-0` with the whole object.
    if (!response.ContentRange?.startsWith(`bytes ${range.start}-`)) {
      body.destroy();
      throw new Error(`S3 answered range ${range.start}-${range.end} with ${response.ContentRange}`);
    }
    return Readable.from(firstBytes(body, length));
  }

  async size(key: string): Promise<number | null> {
    const response = await this.client
      .send(new HeadObjectCommand({ Bucket: this.name, Key: key }))
      .catch(nullWhenMissing);
    return response && (response.ContentLength ?? 0);
  }

  async copy(from: string, to: string, size: number): Promise<void> {
    await copyObject(this.client, { bucket: this.name, from, to, size });
  }

  async *list(prefix: string): AsyncGenerator<_Object> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.name, Prefix: prefix });
    for await (const page of pages) yield* page.Contents ?? [];
  }

  async listAll(prefix: string): Promise<_Object[]> {
    const objects: _Object[] = [];
    for await (const object of this.list(prefix)) objects.push(object);
    return objects;
  }

  // One DeleteObject per key: several S3-compatible servers refuse DeleteObjects without Content-MD5,
  // which the current SDK no longer sends.
  async delete(keys: string[]): Promise<void> {
    await boundedAll(keys, PARALLEL_DELETES, (key) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: key })),
    );
  }

  async reachable(): Promise<boolean> {
    return this.client.send(new HeadBucketCommand({ Bucket: this.name })).then(
      () => true,
      () => false,
    );
  }
}

function nullWhenMissing(error: unknown): null {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404) return null;
  throw error;
}
