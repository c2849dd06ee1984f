import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3TestServer } from "../blobs/s3-test-server.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let s3: S3TestServer;
let service: TestService;
let api: ApiCall;

beforeAll(async () => {
  s3 = await startS3TestServer();
  const config = s3.configFor("brandspace-test");
  const admin = new S3Client({ ...config, requestChecksumCalculation: "WHEN_REQUIRED" });
  await admin.send(new CreateBucketCommand({ Bucket: config.bucket }));
  admin.destroy();
  service = await startTestService({
    workers: true,
    env: {
      S3_BUCKET: config.bucket,
      S3_ENDPOINT: config.endpoint!,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    },
  });
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(async () => {
  await service?.close();
  await s3?.close();
});

describe("content on an S3-compatible store", () => {
  it("uploads, processes and downloads through a presigned URL", async () => {
    expect(service.deps.blobs.kind).toBe("s3");
    const library = (await api("POST", "/v1/libraries", { body: { name: "S3" } })).body.id;
    const png = await solidPng(120, 80);
    const file = await uploadBytes(api, png, { name: "Logo Ünicode.png", library_id: library });
    const ready = await waitUntilProcessed(api, file.id);
    expect(ready.status).toBe("ready");
    const thumb = await fetch(ready.thumbnail_url);
    expect(thumb.status).toBe(200);

    const link = await api("GET", `/v1/files/${file.id}/download`);
    expect(link.body.url.startsWith(service.regionalUrl)).toBe(false);
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
    expect(download.headers.get("content-disposition")).toContain("filename*=UTF-8''Logo%20%C3%9Cnicode.png");
    expect((await api("GET", "/v1/health", { key: null })).body.checks.storage).toBe("ok");
  });
});
