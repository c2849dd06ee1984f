import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, fileVersions } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";
import { mirrorOf } from "./versions.mapper.ts";

export type VersionRow = typeof fileVersions.$inferSelect;

export async function findVersionById(db: Db, versionId: string): Promise<VersionRow | null> {
  const [row] = await db.select().from(fileVersions).where(eq(fileVersions.id, versionId));
  return row ?? null;
}

/** One of a file's versions, or null. */
export async function findFileVersion(db: Db, fileId: string, versionId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.id, versionId), eq(fileVersions.fileId, fileId)));
  return row ?? null;
}

/** A file's versions newest first (version_number descending), after an optional number. */
export function listVersionRows(db: Db, fileId: string, limit: number, afterNumber: number | null) {
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

/** Makes the version the file's active one: the file mirrors its fields. */
export async function mirrorActiveVersion(db: Db, fileId: string, version: VersionRow) {
  await db
    .update(files)
    .set({ ...mirrorOf(version), updatedAt: new Date() })
    .where(eq(files.id, fileId));
}

/** Deletes an inactive version and counts it out of its file. */
export async function deleteVersionRow(db: Db, fileId: string, versionId: string) {
  await db.delete(fileVersions).where(eq(fileVersions.id, versionId));
  await db
    .update(files)
    .set({ versionCount: sql`${files.versionCount} - 1`, updatedAt: new Date() })
    .where(eq(files.id, fileId));
}
