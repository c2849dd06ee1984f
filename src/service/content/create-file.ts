import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../contract/events.ts";
import type { Db } from "../db/client.ts";
import { blobs, files, fileVersions } from "../db/schema/index.ts";
import { fileEventData } from "../files/files.mapper.ts";
import type { FileRow } from "../files/files.repository.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { newId } from "../platform/ids.ts";
import { emit } from "../platform/outbox.ts";
import { mirrorOf, versionEventData } from "../versions/versions.mapper.ts";

export interface StoredContent {
  sha256: string;
  size: number;
  kind: string;
  mime: string;
  extension: string;
  originalName: string;
}

interface Creator {
  brandspaceId: string;
  userId: string;
  actor: Actor;
}

/** Records that a blob is in use now, so the reclaim job's grace period starts again. */
export async function touchBlob(db: Db, sha256: string, size: number) {
  await db
    .insert(blobs)
    .values({ sha256, size })
    .onConflictDoUpdate({ target: blobs.sha256, set: { createdAt: sql`now()` } });
}

/** A new file with version 1 from stored bytes: `file.created`, and a processing job for the version. */
export async function createFileFromContent(
  db: Db,
  by: Creator,
  place: { libraryId: string; folderId: string | null; name: string; externalUrl?: string | null },
  content: StoredContent,
): Promise<{ fileId: string; versionId: string }> {
  const fileId = newId("file");
  const versionId = newId("version");
  await touchBlob(db, content.sha256, content.size);
  await db.insert(files).values({
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
  await insertVersion(db, by, fileId, versionId, 1, content);
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
export async function addVersionFromContent(db: Db, by: Creator, file: FileRow, content: StoredContent) {
  const [numbered] = await db
    .update(files)
    .set({ nextVersionNumber: sql`${files.nextVersionNumber} + 1` })
    .where(eq(files.id, file.id))
    .returning({ number: sql<number>`${files.nextVersionNumber} - 1` });
  const versionId = newId("version");
  await touchBlob(db, content.sha256, content.size);
  const version = await insertVersion(db, by, file.id, versionId, Number(numbered!.number), content);
  await db
    .update(files)
    .set({
      ...mirrorOf(version),
      extension: content.extension,
      versionCount: sql`${files.versionCount} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(files.id, file.id));
  await emit(db, {
    brandspaceId: by.brandspaceId,
    type: "file.version.created",
    actor: by.actor,
    data: versionEventData(version),
  });
  await enqueueProcessing(db, versionId);
  return version;
}

async function insertVersion(
  db: Db,
  by: Creator,
  fileId: string,
  id: string,
  number: number,
  content: StoredContent,
) {
  const [row] = await db
    .insert(fileVersions)
    .values({
      id,
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
    })
    .returning();
  return row!;
}

async function enqueueProcessing(db: Db, versionId: string) {
  await enqueueJob(
    db,
    { type: "media.process_version", payload: { versionId } },
    { dedupeKey: `process:${versionId}`, maxAttempts: 3 },
  );
}
