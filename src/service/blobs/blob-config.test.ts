import { describe, expect, it } from "vitest";
import { BlobEnvSchema, blobStoreConfig } from "./blob-config.ts";

const parse = (env: Record<string, string>) => BlobEnvSchema.safeParse(env);

describe("blob store configuration", () => {
  it("uses the data directory when no bucket is named", () => {
    const env = BlobEnvSchema.parse({});
    expect(blobStoreConfig(env, "/srv/brandspace")).toEqual({ kind: "disk", root: "/srv/brandspace/blobs" });
  });

  it("uses S3 when a bucket is named", () => {
    const env = BlobEnvSchema.parse({
      S3_BUCKET: "brand-assets",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(blobStoreConfig(env, "/data")).toEqual({
      kind: "s3",
      bucket: "brand-assets",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
  });

  it("names every bad variable", () => {
    const result = parse({ S3_ENDPOINT: "not a url", S3_ACCESS_KEY_ID: "key", S3_FORCE_PATH_STYLE: "yes" });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["S3_ENDPOINT", "S3_FORCE_PATH_STYLE"]));
  });

  it("requires a bucket for S3 settings and both keys or neither", () => {
    const result = parse({ S3_ACCESS_KEY_ID: "key" });
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "S3_BUCKET: required when S3_ACCESS_KEY_ID is set",
      "S3_SECRET_ACCESS_KEY: S3 keys are given both or neither",
    ]);
    expect(parse({ S3_BUCKET: "ab" }).success).toBe(false);
  });
});
