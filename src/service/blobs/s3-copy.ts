import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { boundedAll } from "./bounded-all.ts";

/** S3 copies at most 5 GiB in one CopyObject; larger objects are copied in parts. */
export const MAX_SINGLE_COPY_BYTES = 5 * 1024 ** 3;
const COPY_PART_BYTES = 512 * 1024 ** 2;
const PARALLEL_PART_COPIES = 4;

export interface CopyRequest {
  bucket: string;
  from: string;
  to: string;
  size: number;
}

/** Copies an object inside the bucket, server side, whatever its size. */
export async function copyObject(
  client: Pick<S3Client, "send">,
  { bucket, from, to, size }: CopyRequest,
  limits = { maxSingleCopyBytes: MAX_SINGLE_COPY_BYTES, partBytes: COPY_PART_BYTES },
): Promise<void> {
  // Our keys are plain ASCII without characters that need escaping in x-amz-copy-source.
  const CopySource = `${bucket}/${from}`;
  if (size <= limits.maxSingleCopyBytes) {
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource }));
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: to }));
  try {
    const parts = await boundedAll(
      copyRanges(size, limits.partBytes),
      PARALLEL_PART_COPIES,
      async (range) => {
        const { CopyPartResult } = await client.send(
          new UploadPartCopyCommand({
            Bucket: bucket,
            Key: to,
            UploadId,
            PartNumber: range.partNumber,
            CopySource,
            CopySourceRange: `bytes=${range.start}-${range.end}`,
          }),
        );
        return { PartNumber: range.partNumber, ETag: CopyPartResult?.ETag };
      },
    );
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: to,
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId })).catch(() => {});
    throw error;
  }
}

/** Inclusive byte ranges of `partBytes` covering `size` bytes, numbered from 1. */
export function copyRanges(size: number, partBytes: number) {
  return Array.from({ length: Math.ceil(size / partBytes) }, (_, index) => ({
    partNumber: index + 1,
    start: index * partBytes,
    end: Math.min(size, (index + 1) * partBytes) - 1,
  }));
}
