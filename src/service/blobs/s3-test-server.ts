import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import S3rver from "s3rver";
import type { S3BlobStoreConfig } from "./blob-config.ts";

export interface S3TestServer {
  /** A store configuration for `bucket` on this server. */
  configFor(bucket: string): S3BlobStoreConfig;
  close(): Promise<void>;
}

/** An s3rver on a free loopback port, keeping its objects in a temporary directory. */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  writeObjectsBeforeAnswering((server as unknown as { store: S3rverFilesystemStore }).store);
  const { port } = await server.run();
  return {
    configFor: (bucket) => ({
      kind: "s3",
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's fixed account.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The parts of s3rver 3.7's filesystem store that `writeObjectsBeforeAnswering` replaces or uses. */
interface S3rverFilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    content: Buffer | Readable;
    metadata: unknown;
  }): Promise<Written>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<Written>;
}

interface Written {
  size: number;
  md5: string;
}

/**
 * s3rver answers a PUT once the body has passed its hashing transform, before the file stream behind it has
 * written the last bytes, so a copy or listing sent right after the answer can see a short or empty object
 * (seen in CI: a staged part listed with size 0). These replacements answer once the file is complete.
 */
function writeObjectsBeforeAnswering(store: S3rverFilesystemStore): void {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    const written = await writeHashed(objectPath, object.content);
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const partPath = path.join(
      store.getResourcePath(bucket, undefined, "uploads"),
      uploadId,
      String(partNumber),
    );
    const written = await writeHashed(partPath, content);
    await writeFile(`${partPath}.md5`, written.md5);
    return written;
  };
}

async function writeHashed(filePath: string, content: Buffer | Readable): Promise<Written> {
  await mkdir(path.dirname(filePath), { recursive: true });
  const md5 = createHash("md5");
  let size = 0;
  await pipeline(
    Buffer.isBuffer(content) ? Readable.from([content]) : content,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        md5.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(filePath),
  );
  return { size, md5: md5.digest("hex") };
}
