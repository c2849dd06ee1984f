import type { Actor } from "../../contract/events.ts";
import type { Db } from "../db/client.ts";
import { fileEventData } from "../files/files.mapper.ts";
import type { FileRow } from "../files/files.repository.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { newId } from "../platform/ids.ts";
import { emit } from "../platform/outbox.ts";
import { versionEventData } from "../versions/versions.mapper.ts";
import * as repo from "./content.repository.ts";

export interface StoredContent {
  sha256: string;
  size: number;
  kind: string;
  mime: string;
  extension: string;
  originalName: string;
}

/**
 * Who adds content and the transaction it commits in: a caller's upload, or the system (the demo seed).
 * The creator is not always a caller, so this carries it instead of an `AuthContext`.
 */
export interface ContentContext {
  db: Db;
  by: { brandspaceId: string; userId: string; actor: Actor };
}

/** A new file with version 1 from stored bytes: `file.created`, and a processing job for the version. */
export async function createFileFromContent(
  ctx: ContentContext,
  {
    place,
    content,
  }: {
    place: { libraryId: string; folderId: string | null; name: string; externalUrl?: string | null };
    content: StoredContent;
  },
): Promise<{ fileId: string; versionId: string }> {
  const { db, by } = ctx;
  const fileId = newId("file");
  const versionId = newId("version");
  await repo.touchBlob(db, content.sha256, content.size);
  await repo.insertFile(db, {
    id: fileId,
    brandspaceId: by.brandspaceId,
    libraryId: place.libraryId,
    folderId: place.folderId,
    name: place.name,
    extension: content.extension,
    kind: content.kind,
    mime: content.mime,
    size: content.size,
    status: "processing",
    activeVersionId: versionId,
    externalUrl: place.externalUrl ?? null,
    createdById: by.userId,
  });
  await insertVersion(ctx, { fileId, versionId, number: 1, content });
  await emit(db, {
    brandspaceId: by.brandspaceId,
    type: "file.created",
    actor: by.actor,
    data: fileEventData({
      id: fileId,
      name: place.name,
      libraryId: place.libraryId,
      folderId: place.folderId,
      kind: content.kind,
    }),
  });
  await enqueueProcessing(db, versionId);
  return { fileId, versionId };
}

/** A new version that becomes active, numbered after every number ever used: `file.version.created`. */
export async function addVersionFromContent(
  ctx: ContentContext,
  { file, content }: { file: FileRow; content: StoredContent },
) {
  const { db, by } = ctx;
  const number = await repo.takeVersionNumber(db, file.id);
  const versionId = newId("version");
  await repo.touchBlob(db, content.sha256, content.size);
  const version = await insertVersion(ctx, { fileId: file.id, versionId, number, content });
  await repo.activateNewVersion(db, file.id, version);
  await emit(db, {
    brandspaceId: by.brandspaceId,
    type: "file.version.created",
    actor: by.actor,
    data: versionEventData(version),
  });
  await enqueueProcessing(db, versionId);
  return version;
}

function insertVersion(
  { db, by }: ContentContext,
  {
    fileId,
    versionId,
    number,
    content,
  }: { fileId: string; versionId: string; number: number; content: StoredContent },
) {
  return repo.insertVersion(db, {
    id: versionId,
    fileId,
    brandspaceId: by.brandspaceId,
    versionNumber: number,
    blobSha256: content.sha256,
    size: content.size,
    mime: content.mime,
    extension: content.extension,
    kind: content.kind,
    status: "processing",
    originalName: content.originalName,
    createdById: by.userId,
  });
}

async function enqueueProcessing(db: Db, versionId: string) {
  await enqueueJob(
    db,
    { type: "media.process_version", payload: { versionId } },
    { dedupeKey: `process:${versionId}`, maxAttempts: 3 },
  );
}
