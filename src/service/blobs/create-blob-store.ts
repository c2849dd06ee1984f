import { S3Client } from "@aws-sdk/client-s3";
import type { BlobStoreConfig, S3BlobStoreConfig } from "./blob-config.ts";
import type { BlobStore } from "./blob-store.ts";
import { DiskBlobStore } from "./disk-blob-store.ts";
import { S3BlobStore } from "./s3-blob-store.ts";
import { S3Bucket } from "./s3-bucket.ts";

/** The configured blob store: files under the data directory unless S3 is configured. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.kind === "disk") return new DiskBlobStore(config.root);
  return new S3BlobStore(new S3Bucket(createS3Client(config), config.bucket));
}

function createS3Client(config: S3BlobStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's default CRC checksums on every request are not understood by every S3-compatible server;
    // content integrity is ours to check anyway (the SHA-256 address).
    ...(config.endpoint && {
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    }),
  });
}
