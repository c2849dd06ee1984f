import { addVersionFromContent, createFileFromContent } from "../content/create-file.ts";
import { requireCreationPlace } from "../content/creation-place.ts";
import { sniffBlob } from "../content/sniff-blob.ts";
import type { Db } from "../db/client.ts";
import { refuseTrashedFile, requireFile } from "../files/file-access.ts";
import { findFile } from "../files/files.repository.ts";
import { presentFile } from "../files/files.service.ts";
import { type AuthContext, hasPermission, requirePermission, requireScope } from "../platform/auth.ts";
import type { CallerContext, ServiceContext } from "../platform/context.ts";
import { type ApiError, conflict, forbidden, notFound, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors } from "../platform/outbox.ts";
import { inWriteTransaction } from "../platform/retry-transaction.ts";
import { requireOpenTransfer } from "../transfers/open-transfer.ts";
import { addUploadedFile, requireRoomForUpload } from "../transfers/transfer-items.ts";
import { toFileEntry } from "../transfers/transfers.mapper.ts";
import { findTransferFile, lockTransfer } from "../transfers/transfers.repository.ts";
import { toVersion } from "../versions/versions.mapper.ts";
import { assembledBlob } from "./assemble-upload.ts";
import { planUpload } from "./upload-plan.ts";
import { presentUpload, uploadExpired, uploadStatus } from "./upload-presenter.ts";
import * as repo from "./uploads.repository.ts";

/** Incomplete uploads expire a day after they start; their parts are then discarded. */
const UPLOAD_TTL_MS = 24 * 3_600_000;

export interface CreateUploadInput {
  name: string;
  size: number;
  mime?: string;
  library_id?: string;
  folder_id?: string;
  file_id?: string;
  transfer_id?: string;
}

/** An upload into a transfer changes the transfer: its key needs that area's write scope beside files:write. */
const requireTransferScope = (auth: AuthContext) =>
  requireScope(auth, "transfers:write", "An upload into a transfer");

/** Where the upload will land (a transfer, a file's new version, or a new file's place), checked now and again at completion. */
async function resolvePlace(
  db: Db,
  auth: AuthContext,
  input: Pick<CreateUploadInput, "library_id" | "folder_id" | "file_id" | "transfer_id">,
) {
  if (input.transfer_id !== undefined) {
    if (input.library_id !== undefined || input.folder_id !== undefined || input.file_id !== undefined) {
      throw validationError([
        {
          param: "transfer_id",
          message: "a transfer upload goes into the transfer; send no library_id, folder_id or file_id",
        },
      ]);
    }
    const transfer = await requireOpenTransfer({ db, auth }, input.transfer_id);
    requireRoomForUpload(transfer);
    return { libraryId: null, folderId: null, fileId: null, transferId: transfer.id };
  }
  if (input.file_id !== undefined) {
    if (input.library_id !== undefined || input.folder_id !== undefined) {
      throw validationError([
        {
          param: "file_id",
          message: "a new version goes where its file is; send no library_id or folder_id",
        },
      ]);
    }
    const file = await requireFile({ db, auth }, input.file_id, "edit");
    refuseTrashedFile(file);
    if (file.kind === "page") throw conflict("A page has no versions: edit it through /v1/pages.");
    return { libraryId: file.libraryId, folderId: file.folderId, fileId: file.id, transferId: null };
  }
  const place = await requireCreationPlace({ db, auth }, input);
  return { ...place, fileId: null, transferId: null };
}

export async function createUpload(ctx: ServiceContext, input: CreateUploadInput) {
  const { db, auth } = ctx;
  if (input.transfer_id !== undefined) requireTransferScope(auth);
  // The place first: a library or folder the key cannot see is 404, never 403.
  const place = await resolvePlace(db, auth, input);
  if (place.transferId) requirePermission(auth, "transfers.create", "create transfers");
  else if (!hasPermission(auth, "files.upload")) throw forbidden("Your role cannot upload files.");
  const plan = planUpload(input.size);
  const row = await repo.insertUpload(db, {
    id: newId("upload"),
    brandspaceId: auth.brandspace.id,
    createdById: auth.user.id,
    apiKeyId: auth.key.id,
    name: input.name,
    size: input.size,
    claimedMime: input.mime ?? null,
    method: plan.method,
    partSize: plan.partSize,
    status: "pending",
    libraryId: place.libraryId,
    folderId: place.folderId,
    fileId: place.fileId,
    transferId: place.transferId,
    expiresAt: new Date(Date.now() + UPLOAD_TTL_MS),
  });
  return presentUpload(ctx, row);
}

/** The caller's own upload: uploads are personal to the user who started them. */
async function requireOwnUpload({ db, auth }: CallerContext, uploadId: string) {
  const row = await repo.findUploadOf(db, auth.brandspace.id, uploadId);
  if (!row || row.createdById !== auth.user.id) throw notFound("upload");
  return row;
}

export async function getUpload(ctx: ServiceContext, { uploadId }: { uploadId: string }) {
  return presentUpload(ctx, await requireOwnUpload(ctx, uploadId));
}

/** Assembles the bytes, then in one transaction creates the file (or the new version) and its processing job. */
export async function completeUpload(
  ctx: ServiceContext,
  { uploadId: id, parts }: { uploadId: string; parts?: { number: number; etag: string }[] },
) {
  const { deps, auth } = ctx;
  const row = await requireOwnUpload(ctx, id);
  if (row.transferId) requireTransferScope(auth);
  if (row.status === "completed") return presentResult(ctx, row);
  const status = uploadStatus(row);
  if (status === "expired") throw uploadExpired();
  if (status !== "pending") throw conflict(`This upload is ${status}.`);
  const blob = await assembledBlob(ctx, row, parts);
  const content = {
    ...blob,
    ...(await sniffBlob(deps.blobs, blob.sha256, row.name)),
    originalName: row.name,
  };
  const by = { brandspaceId: auth.brandspace.id, userId: auth.user.id, actor: actors.user(auth) };
  // Serializable (on PostgreSQL), like a request's own transaction: the destination read here is written to below,
  // and a folder or library deleted or trashed meanwhile must make this try again (then 409), not take the file.
  const completed = await inWriteTransaction(ctx, async (tx) => {
    const target = row.transferId
      ? { transfer_id: row.transferId }
      : row.fileId
        ? { file_id: row.fileId }
        : { library_id: row.libraryId ?? undefined, folder_id: row.folderId ?? undefined };
    const place = await resolvePlace(tx, auth, target).catch((error: ApiError) => {
      throw conflict(`The upload's destination is no longer available: ${error.message}`);
    });
    const claimed = await repo.claimForCompletion(tx, id);
    if (!claimed) return null;
    if (place.transferId) {
      const transfer = (await lockTransfer(tx, place.transferId))!;
      const entry = await addUploadedFile({ db: tx }, transfer, {
        name: row.name,
        size: content.size,
        mime: content.mime,
        blobSha256: content.sha256,
      });
      return repo.updateUpload(tx, id, { resultTransferFileId: entry.id });
    }
    if (place.fileId) {
      const file = (await findFile(tx, auth.brandspace.id, place.fileId))!;
      const version = await addVersionFromContent({ db: tx, by }, { file, content });
      return repo.updateUpload(tx, id, { resultFileId: file.id, resultVersionId: version.id });
    }
    const created = await createFileFromContent(
      { db: tx, by },
      { place: { libraryId: place.libraryId!, folderId: place.folderId, name: row.name }, content },
    );
    return repo.updateUpload(tx, id, { resultFileId: created.fileId, resultVersionId: created.versionId });
  });
  deps.signal.notify("jobs");
  if (row.method === "multipart") await deps.blobs.discardStaging(row.id).catch(() => {});
  if (completed) return presentResult(ctx, completed);
  // Another request took the upload first: a completion (answer its result), or an abort (409, as before it).
  const now = await requireOwnUpload(ctx, id);
  if (now.status === "completed") return presentResult(ctx, now);
  throw conflict(`This upload is ${uploadStatus(now)}.`);
}

async function presentResult(ctx: ServiceContext, row: repo.UploadRow) {
  const { db, deps, auth } = ctx;
  if (row.transferId) {
    const entry = await findTransferFile(db, row.transferId, row.resultTransferFileId ?? "");
    if (!entry) throw notFound("transfer file");
    return { object: "transfer_file" as const, transfer_id: row.transferId, ...toFileEntry(entry) };
  }
  const file = await findFile(db, auth.brandspace.id, row.resultFileId ?? "");
  if (!file) throw notFound("file");
  if (row.fileId) {
    const version = await repo.findResultVersion(db, row.resultVersionId ?? "");
    if (!version) throw notFound("version");
    return toVersion(version, file.activeVersionId);
  }
  return presentFile({ db, deps, auth }, file);
}

export async function abortUpload(ctx: ServiceContext, { uploadId }: { uploadId: string }) {
  const row = await requireOwnUpload(ctx, uploadId);
  const status = uploadStatus(row);
  if (status === "completed") throw conflict("This upload is already completed.");
  if (status === "expired") throw uploadExpired();
  if (status === "pending") await repo.updateUpload(ctx.db, uploadId, { status: "aborted" });
  await ctx.deps.blobs.discardStaging(row.id).catch(() => {});
  return {
    object: "upload" as const,
    id: uploadId,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}
