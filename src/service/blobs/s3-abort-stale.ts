import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  type MultipartUpload,
  type S3Client,
} from "@aws-sdk/client-s3";

interface StaleUploadQuery {
  bucket: string;
  prefix: string;
  /** Uploads started at or before this time (ms since the epoch) are stale. */
  cutoff: number;
}

/**
 * Aborts multipart uploads under `prefix` started at or before `cutoff`: a process that dies mid-upload
 * leaves parts that no listing of objects shows yet are stored and billed. Returns how many were aborted.
 */
export async function abortStaleUploads(client: S3Client, query: StaleUploadQuery): Promise<number> {
  let aborted = 0;
  for await (const upload of listUploads(client, query)) {
    if ((upload.Initiated?.getTime() ?? 0) > query.cutoff) continue;
    await client.send(
      new AbortMultipartUploadCommand({ Bucket: query.bucket, Key: upload.Key, UploadId: upload.UploadId }),
    );
    aborted += 1;
  }
  return aborted;
}

async function* listUploads(client: S3Client, { bucket, prefix }: StaleUploadQuery) {
  let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
  while (true) {
    const page = await client
      .send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, ...markers }))
      // Some S3-compatible servers (s3rver among them) do not list uploads: then there are none to abort.
      .catch((error) =>
        (error as { name?: string }).name === "NotImplemented" ? null : Promise.reject(error),
      );
    yield* (page?.Uploads ?? []) as MultipartUpload[];
    if (!page?.IsTruncated) return;
    markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
  }
}
