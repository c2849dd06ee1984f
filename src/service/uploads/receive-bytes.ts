import type { Readable } from "node:stream";
import { BlobSizeMismatchError, BlobTooLargeError, StagingSealedError } from "../blobs/blob-errors.ts";
import { touchBlob } from "../content/content.repository.ts";
import type { Db } from "../db/client.ts";
import type { SystemContext } from "../platform/context.ts";
import { ApiError, conflict, notFound, validationError } from "../platform/errors.ts";
import { verifySignedPath } from "../platform/signed-urls.ts";
import { expectedPartSize } from "./upload-plan.ts";
import { uploadExpired, uploadStatus } from "./upload-presenter.ts";
import { contentPathOf, partPathOf } from "./upload-urls.ts";
import * as repo from "./uploads.repository.ts";

/** The query of a signed upload URL. */
export interface SignedQuery {
  expires: string;
  signature: string;
}

/** The bytes of a single-PUT upload, streamed to the store with a running hash and an exact size check. */
export async function receiveContent(
  ctx: SystemContext,
  { uploadId, signed, body }: { uploadId: string; signed: SignedQuery; body: Readable },
) {
  const { db, deps } = ctx;
  const row = await requireWritableUpload(ctx, contentPathOf(uploadId), uploadId, signed);
  if (row.method !== "single")
    throw validationError([{ param: "upload", message: "is multipart: PUT its parts" }]);
  const stored = await storeOrExplain(() =>
    deps.blobs.put(body, { maxBytes: row.size, expectedSize: row.size }),
  );
  await db.transaction(async (tx) => {
    await touchBlob(tx as Db, stored.sha256, stored.size);
    await repo.updateUpload(tx as Db, uploadId, { blobSha256: stored.sha256 });
  });
  return { object: "upload_part" as const, number: 1, etag: stored.sha256, size: stored.size };
}

/** One part of a multipart upload; it must have exactly its planned size. Re-sending a part replaces it. */
export async function receivePart(
  ctx: SystemContext,
  input: { uploadId: string; partNumber: string; signed: SignedQuery; body: Readable },
) {
  const number = Number(input.partNumber);
  const row = await requireWritableUpload(
    ctx,
    partPathOf(input.uploadId, number),
    input.uploadId,
    input.signed,
  );
  const count = Math.ceil(row.size / row.partSize);
  if (row.method !== "multipart" || !Number.isInteger(number) || number < 1 || number > count)
    throw notFound("part");
  const expected = expectedPartSize(row.size, row.partSize, number);
  const part = await storeOrExplain(() =>
    ctx.deps.blobs.putPart(row.id, number, input.body, {
      maxBytes: expected,
      offset: (number - 1) * row.partSize,
    }),
  );
  if (part.size !== expected) {
    throw validationError([
      { param: "body", message: `part ${number} must be ${expected} bytes; received ${part.size}` },
    ]);
  }
  await repo.recordPart(ctx.db, row.id, part);
  return { object: "upload_part" as const, ...part };
}

async function requireWritableUpload(
  { db, deps }: SystemContext,
  path: string,
  id: string,
  signed: SignedQuery,
) {
  verifySignedPath(deps.keyring.key("upload"), path, signed);
  const row = await repo.findUpload(db, id);
  if (!row) throw notFound("upload");
  const status = uploadStatus(row);
  if (status === "expired") throw uploadExpired();
  if (status !== "pending") throw conflict(`This upload is ${status}.`);
  return row;
}

async function storeOrExplain<T>(store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (error instanceof BlobTooLargeError) {
      throw new ApiError(
        "payload_too_large",
        `The body is larger than the ${error.maxBytes} bytes this upload expects.`,
      );
    }
    if (error instanceof StagingSealedError) throw conflict("This upload's parts are assembled already.");
    if (error instanceof BlobSizeMismatchError) {
      throw validationError([
        { param: "body", message: `expected ${error.expectedSize} bytes; received ${error.receivedSize}` },
      ]);
    }
    throw error;
  }
}
