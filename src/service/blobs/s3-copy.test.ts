import type { S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { copyObject, copyRanges } from "./s3-copy.ts";

/** Records each command's name and input; s3rver does not implement UploadPartCopy. */
function recordingClient(failOn?: string) {
  const sent: Array<{ command: string; input: Record<string, unknown> }> = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ command: command.constructor.name, input: command.input });
      if (command.constructor.name === failOn) throw new Error("injected failure");
      if (command.constructor.name === "CreateMultipartUploadCommand") return { UploadId: "u1" };
      return { CopyPartResult: { ETag: `"etag-${command.input.PartNumber}"` } };
    },
  } as unknown as Pick<S3Client, "send">;
  return { client, sent };
}

const request = { bucket: "bkt", from: "tmp/t", to: "blobs/x", size: 25 };
const smallLimits = { maxSingleCopyBytes: 10, partBytes: 10 };

describe("copyObject", () => {
  it("copies in one request up to the single-copy limit", async () => {
    const { client, sent } = recordingClient();
    await copyObject(client, { ...request, size: 10 }, smallLimits);
    expect(sent).toEqual([
      { command: "CopyObjectCommand", input: { Bucket: "bkt", Key: "blobs/x", CopySource: "bkt/tmp/t" } },
    ]);
  });

  it("copies larger objects in ranged parts and completes them in order", async () => {
    const { client, sent } = recordingClient();
    await copyObject(client, request, smallLimits);
    const ranges = sent
      .filter((s) => s.command === "UploadPartCopyCommand")
      .map((s) => s.input.CopySourceRange);
    expect(ranges).toEqual(["bytes=0-9", "bytes=10-19", "bytes=20-24"]);
    expect(sent.at(-1)).toMatchObject({
      command: "CompleteMultipartUploadCommand",
      input: {
        UploadId: "u1",
        MultipartUpload: {
          Parts: [1, 2, 3].map((n) => ({ PartNumber: n, ETag: `"etag-${n}"` })),
        },
      },
    });
  });

  it("aborts the multipart copy when a part fails", async () => {
    const { client, sent } = recordingClient("UploadPartCopyCommand");
    await expect(copyObject(client, request, smallLimits)).rejects.toThrow("injected failure");
    expect(sent.at(-1)).toMatchObject({ command: "AbortMultipartUploadCommand", input: { UploadId: "u1" } });
  });
});

describe("copyRanges", () => {
  it("covers a 50 GiB blob with 512 MiB parts in 100 parts", () => {
    const ranges = copyRanges(50 * 1024 ** 3, 512 * 1024 ** 2);
    expect(ranges).toHaveLength(100);
    expect(ranges.at(-1)).toEqual({ partNumber: 100, start: 99 * 512 * 1024 ** 2, end: 50 * 1024 ** 3 - 1 });
  });
});
