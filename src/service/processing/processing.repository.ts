import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files, fileVersions, renditions } from "../db/schema/index.ts";

export type VersionRow = typeof fileVersions.$inferSelect;
type RenditionValues = Omit<typeof renditions.$inferInsert, "versionId" | "kind">;
type MediaFields = Pick<
  VersionRow,
  "width" | "height" | "durationMs" | "pageCount" | "colors" | "placeholder" | "features"
>;

export async function findVersion(db: Db, versionId: string): Promise<VersionRow | null> {
  const [row] = await db.select().from(fileVersions).where(eq(fileVersions.id, versionId));
  return row ?? null;
}

/**
 * Settles a version still `processing` as ready or failed; null when another run settled it first, so that only
 * one run stores renditions and emits `file.processed`.
 */
export async function settleVersionRow(
  db: Db,
  versionId: string,
  outcome: MediaFields & Pick<VersionRow, "status" | "failureReason">,
): Promise<VersionRow | null> {
  const [row] = await db
    .update(fileVersions)
    .set({ ...outcome, processedAt: new Date() })
    .where(and(eq(fileVersions.id, versionId), eq(fileVersions.status, "processing")))
    .returning();
  return row ?? null;
}

/** Stores a rendition of a version, replacing one of the same kind. */
export async function upsertRendition(
  db: Db,
  versionId: string,
  kind: (typeof renditions.$inferInsert)["kind"],
  values: RenditionValues,
): Promise<void> {
  await db
    .insert(renditions)
    .values({ versionId, kind, ...values })
    .onConflictDoUpdate({ target: [renditions.versionId, renditions.kind], set: values });
}

export async function findFileRow(db: Db, fileId: string) {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row ?? null;
}

/**
 * The file shows this version's status and dimensions if it is still the active one. The check is in the
 * statement, not read before it: a new version made active meanwhile (an upload completing while this one was
 * processing) must not be overwritten by the old one's result.
 */
export async function showIfActiveVersion(
  db: Db,
  fileId: string,
  version: Pick<VersionRow, "id" | "status" | "width" | "height" | "durationMs">,
): Promise<void> {
  await db
    .update(files)
    .set({
      status: version.status,
      width: version.width,
      height: version.height,
      durationMs: version.durationMs,
    })
    .where(and(eq(files.id, fileId), eq(files.activeVersionId, version.id)));
}
