import type { Upload } from "../../contract/uploads.ts";
import type { ServiceContext } from "../platform/context.ts";
import { ApiError } from "../platform/errors.ts";
import { contentPathOf, partPathOf, signedUploadUrl } from "./upload-urls.ts";
import { receivedParts, type UploadRow } from "./uploads.repository.ts";

/**
 * A pending upload past its expiry is expired, whether or not the hourly expiry job has marked it yet, so that
 * every operation answers the same from the moment it expires.
 */
export function uploadStatus(row: UploadRow, now = new Date()): UploadRow["status"] {
  return row.status === "pending" && row.expiresAt < now ? "expired" : row.status;
}

/** What every operation on an expired upload answers: it is gone for good; a new upload starts over. */
export const uploadExpired = () =>
  new ApiError("expired", "This upload has expired; start a new upload to send the file.");

export async function presentUpload({ db, deps, auth }: ServiceContext, row: UploadRow): Promise<Upload> {
  const status = uploadStatus(row);
  const pending = status === "pending";
  const url = (path: string) => signedUploadUrl(deps, auth.brandspace.region, path, row.expiresAt);
  const partCount = row.method === "multipart" ? Math.ceil(row.size / row.partSize) : 0;
  return {
    object: "upload",
    id: row.id,
    status,
    method: row.method,
    upload_url: pending && row.method === "single" ? url(contentPathOf(row.id)) : null,
    part_size: row.partSize,
    parts: pending
      ? Array.from({ length: partCount }, (_, i) => ({ number: i + 1, url: url(partPathOf(row.id, i + 1)) }))
      : [],
    received_parts: row.method === "multipart" ? await receivedParts(db, row.id) : receivedSingle(row),
    expires_at: row.expiresAt.toISOString(),
    name: row.name,
    size: row.size,
    file_id: row.fileId ?? row.resultFileId,
    library_id: row.libraryId,
    folder_id: row.folderId,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

const receivedSingle = (row: UploadRow) =>
  row.blobSha256 ? [{ number: 1, size: row.size, etag: row.blobSha256 }] : [];
