import type { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { Upload } from "../../contract/uploads.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { BlobSizeMismatchError, BlobTooLargeError, StagedPartMissingError } from "../blobs/blob-errors.ts";
import type { StoredBlob } from "../blobs/blob-store.ts";
import { touchBlob } from "../content/content.repository.ts";
import { addVersionFromContent, createFileFromContent } from "../content/create-file.ts";
import { sniffBlob } from "../content/sniff-blob.ts";
import type { Db } from "../db/client.ts";
import { fileVersions, uploads } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { requireActiveFile } from "../files/file-access.ts";
import { findFile } from "../files/files.repository.ts";
import { presentFile } from "../files/files.service.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import { type AuthContext, hasPermission } from "../platform/auth.ts";
import { ApiError, conflict, forbidden, notFound, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors } from "../platform/outbox.ts";
import { verifySignedPath } from "../platform/signed-urls.ts";
import { toVersion } from "../versions/versions.mapper.ts";
import { expectedPartSize, planUpload } from "./upload-plan.ts";
import { contentPathOf, partPathOf, signedUploadUrl } from "./upload-urls.ts";
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

export async function presentUpload(
  db: Db,
  deps: ServiceDeps,
  region: string,
  row: repo.UploadRow,
): Promise<Upload> {
  const pending = row.status === "pending";
  const url = (path: string) => signedUploadUrl(deps, region, path, row.expiresAt);
  const partCount = row.method === "multipart" ? Math.ceil(row.size / row.partSize) : 0;
  return {
    object: "upload",
    id: row.id,
    status: row.status,
    method: row.method,
    upload_url: pending && row.method === "single" ? url(contentPathOf(row.id)) : null,
    part_size: row.partSize,
    parts: pending
      ? Array.from({ length: partCount }, (_, i) => ({ number: i + 1, url: url(partPathOf(row.id, i + 1)) }))
      : [],
    received_parts: row.method === "multipart" ? await repo.receivedParts(db, row.id) : receivedSingle(row),
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

const receivedSingle = (row: repo.UploadRow) =>
  row.blobSha256 ? [{ number: 1, size: row.size, etag: row.blobSha256 }] : [];

/** Where the upload will land, checked now and again at completion. */
async function resolvePlace(
  db: Db,
  auth: AuthContext,
  input: Pick<CreateUploadInput, "library_id" | "folder_id" | "file_id" | "transfer_id">,
) {
  if (input.file_id) {
    if (input.library_id || input.folder_id) {
      throw validationError([
        {
          param: "file_id",
          message: "a new version goes where its file is; send no library_id or folder_id",
        },
      ]);
    }
    const file = await requireActiveFile({ db, auth }, input.file_id, "edit");
    return { libraryId: file.libraryId, folderId: file.folderId, fileId: file.id };
  }
  if (input.folder_id) {
    const folder = await requireActiveFolder({ db, auth }, input.folder_id, "edit");
    if (input.library_id && input.library_id !== folder.libraryId) {
      throw validationError([{ param: "folder_id", message: "is not in the library named by library_id" }]);
    }
    return { libraryId: folder.libraryId, folderId: folder.id as string | null, fileId: null };
  }
  if (input.library_id) {
    await requireLibraryAccess({ db, auth }, input.library_id, "edit");
    return { libraryId: input.library_id, folderId: null, fileId: null };
  }
  if (input.transfer_id) throw notFound("transfer");
  throw validationError([{ param: "library_id", message: "send library_id, folder_id or file_id" }]);
}

export async function createUpload(db: Db, deps: ServiceDeps, auth: AuthContext, input: CreateUploadInput) {
  // The place first: a library or folder the key cannot see is 404, never 403.
  const place = await resolvePlace(db, auth, input);
  if (!hasPermission(auth, "files.upload")) throw forbidden("Your role cannot upload files.");
  const plan = planUpload(input.size);
  const id = newId("upload");
  const [row] = await db
    .insert(uploads)
    .values({
      id,
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
      expiresAt: new Date(Date.now() + UPLOAD_TTL_MS),
    })
    .returning();
  return presentUpload(db, deps, auth.brandspace.region, row!);
}

/** The caller's own upload: uploads are personal to the user who started them. */
export async function requireOwnUpload(db: Db, auth: AuthContext, id: string) {
  const row = await repo.findUploadOf(db, auth.brandspace.id, id);
  if (!row || row.createdById !== auth.user.id) throw notFound("upload");
  return row;
}

async function requireWritableUpload(
  db: Db,
  deps: ServiceDeps,
  path: string,
  id: string,
  query: { expires: string; signature: string },
) {
  verifySignedPath(deps.keyring.key("upload"), path, query);
  const row = await repo.findUpload(db, id);
  if (!row) throw notFound("upload");
  if (row.status === "expired" || row.expiresAt < new Date())
    throw new ApiError("expired", "This upload has expired.");
  if (row.status !== "pending") throw conflict(`This upload is ${row.status}.`);
  return row;
}

/** The bytes of a single-PUT upload, streamed to the store with a running hash and an exact size check. */
export async function receiveContent(
  db: Db,
  deps: ServiceDeps,
  id: string,
  query: { expires: string; signature: string },
  body: Readable,
) {
  const row = await requireWritableUpload(db, deps, contentPathOf(id), id, query);
  if (row.method !== "single")
    throw validationError([{ param: "upload", message: "is multipart: PUT its parts" }]);
  const stored = await storeOrExplain(() =>
    deps.blobs.put(body, { maxBytes: row.size, expectedSize: row.size }),
  );
  await db.transaction(async (tx) => {
    await touchBlob(tx as Db, stored.sha256, stored.size);
    await repo.updateUpload(tx as Db, id, { blobSha256: stored.sha256 });
  });
  return { number: 1, etag: stored.sha256, size: stored.size };
}

/** One part of a multipart upload; it must have exactly its planned size. Re-sending a part replaces it. */
export async function receivePart(
  db: Db,
  deps: ServiceDeps,
  id: string,
  partNumber: string,
  query: { expires: string; signature: string },
  body: Readable,
) {
  const row = await requireWritableUpload(db, deps, partPathOf(id, Number(partNumber)), id, query);
  const number = Number(partNumber);
  const count = Math.ceil(row.size / row.partSize);
  if (row.method !== "multipart" || !Number.isInteger(number) || number < 1 || number > count)
    throw notFound("part");
  const expected = expectedPartSize(row.size, row.partSize, number);
  const part = await storeOrExplain(() => deps.blobs.putPart(row.id, number, body, { maxBytes: expected }));
  if (part.size !== expected) {
    throw validationError([
      { param: "body", message: `part ${number} must be ${expected} bytes; received ${part.size}` },
    ]);
  }
  await repo.recordPart(db, row.id, part);
  return part;
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
    if (error instanceof BlobSizeMismatchError) {
      throw validationError([
        { param: "body", message: `expected ${error.expectedSize} bytes; received ${error.receivedSize}` },
      ]);
    }
    throw error;
  }
}

/** Assembles the bytes, then in one transaction creates the file (or the new version) and its processing job. */
export async function completeUpload(
  db: Db,
  deps: ServiceDeps,
  auth: AuthContext,
  id: string,
  body: { parts?: { number: number; etag?: string }[] } | undefined,
) {
  const row = await requireOwnUpload(db, auth, id);
  if (row.status === "completed") return presentResult(db, deps, auth, row);
  if (row.status !== "pending") throw conflict(`This upload is ${row.status}.`);
  if (row.expiresAt < new Date()) throw conflict("This upload has expired.");
  const blob = await assembledBlob(db, deps, row, body?.parts);
  const content = {
    ...blob,
    ...(await sniffBlob(deps.blobs, blob.sha256, row.name)),
    originalName: row.name,
  };
  const by = { brandspaceId: auth.brandspace.id, userId: auth.user.id, actor: actors.user(auth) };
  const completed = await db.transaction(async (t) => {
    const tx = t as Db;
    const target = row.fileId
      ? { file_id: row.fileId }
      : { library_id: row.libraryId ?? undefined, folder_id: row.folderId ?? undefined };
    const place = await resolvePlace(tx, auth, target).catch((error: ApiError) => {
      throw conflict(`The upload's destination is no longer available: ${error.message}`);
    });
    const claimed = await claimForCompletion(tx, id);
    if (!claimed) return null;
    if (place.fileId) {
      const file = (await findFile(tx, auth.brandspace.id, place.fileId))!;
      const version = await addVersionFromContent({ db: tx, by }, { file, content });
      return repo.updateUpload(tx, id, { resultFileId: file.id, resultVersionId: version.id });
    }
    const created = await createFileFromContent(
      { db: tx, by },
      { place: { libraryId: place.libraryId, folderId: place.folderId, name: row.name }, content },
    );
    return repo.updateUpload(tx, id, { resultFileId: created.fileId, resultVersionId: created.versionId });
  });
  deps.signal.notify("jobs");
  if (row.method === "multipart") await deps.blobs.discardStaging(row.id).catch(() => {});
  return presentResult(db, deps, auth, completed ?? (await requireOwnUpload(db, auth, id)));
}

/** Takes the upload for this completion; a concurrent completion finds nothing left to claim. */
async function claimForCompletion(tx: Db, id: string) {
  const rows = await tx
    .update(uploads)
    .set({ status: "completed", completedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.status, "pending")))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

async function assembledBlob(
  db: Db,
  deps: ServiceDeps,
  row: repo.UploadRow,
  claimed?: { number: number; etag?: string }[],
): Promise<StoredBlob> {
  if (row.method === "single") {
    if (!row.blobSha256)
      throw validationError([
        { param: "upload", message: "no content was uploaded yet: PUT the bytes to upload_url" },
      ]);
    return { sha256: row.blobSha256, size: row.size };
  }
  const count = Math.ceil(row.size / row.partSize);
  const recorded = new Map((await repo.receivedParts(db, row.id)).map((p) => [p.number, p]));
  const staged = new Map((await deps.blobs.listParts(row.id)).map((p) => [p.number, p]));
  const missing: number[] = [];
  for (let n = 1; n <= count; n++) {
    const part = recorded.get(n);
    const inStore = staged.get(n);
    if (
      !part ||
      !inStore ||
      inStore.etag !== part.etag ||
      part.size !== expectedPartSize(row.size, row.partSize, n)
    )
      missing.push(n);
  }
  if (missing.length > 0) {
    throw validationError([
      {
        param: "parts",
        message: `parts missing or incomplete: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ", …" : ""}`,
      },
    ]);
  }
  for (const c of claimed ?? []) {
    const part = recorded.get(c.number);
    if (!part || (c.etag !== undefined && c.etag !== part.etag)) {
      throw validationError([
        { param: "parts", message: `part ${c.number} does not match what was received` },
      ]);
    }
  }
  try {
    return await deps.blobs.assemble(
      row.id,
      Array.from({ length: count }, (_, i) => i + 1),
      { expectedSize: row.size },
    );
  } catch (error) {
    if (error instanceof BlobSizeMismatchError || error instanceof StagedPartMissingError) {
      throw validationError([
        { param: "parts", message: "the received parts do not add up to the upload's size; re-send them" },
      ]);
    }
    throw error;
  }
}

async function presentResult(db: Db, deps: ServiceDeps, auth: AuthContext, row: repo.UploadRow) {
  const file = await findFile(db, auth.brandspace.id, row.resultFileId ?? "");
  if (!file) throw notFound("file");
  if (row.fileId) {
    const [version] = await db
      .select()
      .from(fileVersions)
      .where(eq(fileVersions.id, row.resultVersionId ?? ""));
    if (!version) throw notFound("version");
    return toVersion(version, file.activeVersionId);
  }
  return presentFile({ db, deps, auth }, file);
}

export async function abortUpload(db: Db, deps: ServiceDeps, auth: AuthContext, id: string) {
  const row = await requireOwnUpload(db, auth, id);
  if (row.status === "completed") throw conflict("This upload is already completed.");
  if (row.status === "pending") await repo.updateUpload(db, id, { status: "aborted" });
  await deps.blobs.discardStaging(row.id).catch(() => {});
  return { object: "upload" as const, id, deleted: true as const, permanent: true, trashed_at: null };
}
