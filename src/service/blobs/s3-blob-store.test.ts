import { randomBytes } from "node:crypto";
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3BlobStoreConfig } from "./blob-config.ts";
import { BlobTooLargeError } from "./blob-errors.ts";
import { type BlobStoreHarness, describeBlobStore, readAll, sha256Of, streamOf } from "./blob-store.suite.ts";
import { createBlobStore } from "./create-blob-store.ts";
import { type S3TestServer, startS3TestServer } from "./s3-test-server.ts";

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3TestServer();
});
afterAll(() => server.close());

function adminClient(config: S3BlobStoreConfig): S3Client {
  return new S3Client({ ...config, requestChecksumCalculation: "WHEN_REQUIRED" });
}

async function s3Harness(): Promise<BlobStoreHarness> {
  const config = server.configFor(`blobs-${randomBytes(6).toString("hex")}`);
  const admin = adminClient(config);
  await admin.send(new CreateBucketCommand({ Bucket: config.bucket }));
  const store = createBlobStore(config);
  const countKeys = async (prefix: string) =>
    (await admin.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix }))).KeyCount ?? 0;
  return {
    store,
    leaveTemp: async (bytes) => {
      await admin.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: "tmp/crashed-write", Body: bytes }),
      );
    },
    leftovers: async () => (await countKeys("tmp/")) + (await countKeys("staging/")),
    close: async () => {
      await store.close();
      admin.destroy();
    },
  };
}

describeBlobStore("S3", s3Harness);

describe("S3 blob store multipart", () => {
  const MiB = 1024 * 1024;

  it("streams a blob larger than one upload part, and assembles parts into one", async () => {
    const { store, leftovers, close } = await s3Harness();
    try {
      const bytes = randomBytes(19 * MiB);
      expect(await store.put(streamOf(bytes, 64 * 1024))).toEqual({
        sha256: sha256Of(bytes),
        size: bytes.length,
      });
      await store.putPart("upl_big", 2, streamOf(bytes.subarray(9 * MiB)), { maxBytes: 10 * MiB });
      await store.putPart("upl_big", 1, streamOf(bytes.subarray(0, 9 * MiB)), { maxBytes: 10 * MiB });
      const assembled = await store.assemble("upl_big", [1, 2], { expectedSize: bytes.length });
      expect(assembled.sha256).toBe(sha256Of(bytes));
      expect(await readAll(await store.open(assembled.sha256, { start: 9 * MiB - 1, end: 9 * MiB }))).toEqual(
        bytes.subarray(9 * MiB - 1, 9 * MiB + 1),
      );
      await store.discardStaging("upl_big");
      expect(await leftovers()).toBe(0);
    } finally {
      await close();
    }
  });

  it("stops a multipart upload at maxBytes and leaves nothing behind", async () => {
    const { store, leftovers, close } = await s3Harness();
    try {
      const put = store.put(streamOf(randomBytes(20 * MiB), 64 * 1024), { maxBytes: 17 * MiB });
      await expect(put).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await leftovers()).toBe(0);
    } finally {
      await close();
    }
  });
});

describe("S3 blob store downloads", () => {
  it("presigns a URL that downloads the bytes with the disposition and type asked for", async () => {
    const { store, close } = await s3Harness();
    try {
      const bytes = randomBytes(5_000);
      const { sha256 } = await store.put(streamOf(bytes));
      const url = await store.presignedGetUrl!(sha256, {
        expiresInSeconds: 60,
        fileName: "Café menu.pdf",
        contentType: "application/pdf",
      });
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="Cafe menu.pdf"; filename*=UTF-8''Caf%C3%A9%20menu.pdf`,
      );
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    } finally {
      await close();
    }
  });

  it("reports a missing bucket as unhealthy", async () => {
    const store = createBlobStore(server.configFor("no-such-bucket"));
    expect(await store.check()).toBe(false);
    await store.close();
  });
});
