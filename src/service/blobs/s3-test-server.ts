import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
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
