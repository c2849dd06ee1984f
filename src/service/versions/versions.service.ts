import { and, desc, eq, sql } from "drizzle-orm";
import type { Version } from "../../contract/files.ts";
import type { Db } from "../db/client.ts";
import { files, fileVersions } from "../db/schema/index.ts";
import { requireActiveFile, requireFile } from "../files/file-access.ts";
import { resolutionOf } from "../files/files.mapper.ts";
import type { FileRow } from "../files/files.repository.ts";
import type { AuthContext } from "../platform/auth.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { keysetAfter } from "../platform/keyset.ts";
import { actors, emit } from "../platform/outbox.ts";

export type VersionRow = typeof fileVersions.$inferSelect;

export function toVersion(row: VersionRow, activeVersionId: string | null): Version {
  return {
    object: "version",
    id: row.id,
    file_id: row.fileId,
    version_number: row.versionNumber,
    size: row.size,
    mime: row.mime,
    extension: row.extension,
    status: row.status,
    duration_ms: row.durationMs,
    resolution: resolutionOf(row.width, row.height),
    created_at: row.createdAt.toISOString(),
    created_by_id: row.createdById,
    is_active: row.id === activeVersionId,
  };
}

export const versionEventData = (row: VersionRow) => ({
  object: "version",
  id: row.id,
  file_id: row.fileId,
  version_number: row.versionNumber,
});

/** Newest first (version_number descending). */
export async function listVersionRows(db: Db, fileId: string, limit: number, afterNumber: number | null) {
  return db
    .select()
    .from(fileVersions)
    .where(
      and(
        eq(fileVersions.fileId, fileId),
        afterNumber !== null
          ? keysetAfter([fileVersions.versionNumber], [sql`${afterNumber}::int`], "desc")
          : undefined,
      ),
    )
    .orderBy(desc(fileVersions.versionNumber))
    .limit(limit);
}

async function requireVersion(db: Db, file: FileRow, versionId: string): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.id, versionId), eq(fileVersions.fileId, file.id)));
  if (!row) throw notFound("version");
  return row;
}

export async function getVersion(db: Db, auth: AuthContext, fileId: string, versionId: string) {
  const file = await requireFile({ db, auth }, fileId, "view");
  return toVersion(await requireVersion(db, file, versionId), file.activeVersionId);
}

/** The fields a file mirrors from its active version, for listings that filter and sort on one table. */
export const mirrorOf = (v: VersionRow) => ({
  activeVersionId: v.id,
  activeNumber: v.versionNumber,
  kind: v.kind,
  mime: v.mime,
  size: v.size,
  status: v.status,
  durationMs: v.durationMs,
  width: v.width,
  height: v.height,
});

export async function activateVersion(db: Db, auth: AuthContext, fileId: string, versionId: string) {
  const file = await requireActiveFile({ db, auth }, fileId, "edit");
  const version = await requireVersion(db, file, versionId);
  if (file.activeVersionId !== version.id) {
    await db
      .update(files)
      .set({ ...mirrorOf(version), updatedAt: new Date() })
      .where(eq(files.id, file.id));
  }
  await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "file.version.activated",
    actor: actors.user(auth),
    data: versionEventData(version),
  });
  return toVersion(version, version.id);
}

/** Deletes an inactive version; the active one answers 409. Numbers are never reused. */
export async function deleteVersion(db: Db, auth: AuthContext, fileId: string, versionId: string) {
  const file = await requireActiveFile({ db, auth }, fileId, "edit");
  const version = await requireVersion(db, file, versionId);
  if (file.activeVersionId === version.id) {
    throw conflict("This is the file's active version; activate another version before deleting it.");
  }
  await db.delete(fileVersions).where(eq(fileVersions.id, version.id));
  await db
    .update(files)
    .set({ versionCount: sql`${files.versionCount} - 1`, updatedAt: new Date() })
    .where(eq(files.id, file.id));
  await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "file.version.deleted",
    actor: actors.user(auth),
    data: versionEventData(version),
  });
  return {
    object: "version" as const,
    id: version.id,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}
