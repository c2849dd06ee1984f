import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { blobs, files, folders, uploads } from "../db/schema/index.ts";

/** Pending uploads past their expiry become `expired`; returns them. */
export function expirePendingUploads(db: Db, now: Date) {
  return db
    .update(uploads)
    .set({ status: "expired" })
    .where(and(eq(uploads.status, "pending"), lt(uploads.expiresAt, now)))
    .returning({ id: uploads.id, method: uploads.method });
}

/** Up to 1000 blobs stored before `storedBefore` that no version, rendition, pending upload, or live transfer's file or zip points at (an expired transfer
 * keeps its listing but lets go of the bytes). */
export async function unreferencedBlobs(db: Db, storedBefore: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select b.sha256 from blobs b
    where b.created_at < ${storedBefore}
      and not exists (select 1 from file_versions v where v.blob_sha256 = b.sha256)
      and not exists (select 1 from renditions r where r.blob_sha256 = b.sha256)
      and not exists (select 1 from uploads u where u.blob_sha256 = b.sha256 and u.status = 'pending')
      and not exists (
        select 1 from transfer_files tf join transfers t on t.id = tf.transfer_id
        where tf.blob_sha256 = b.sha256 and t.status <> 'expired')
      and not exists (select 1 from transfers t where t.zip_sha256 = b.sha256 and t.status <> 'expired')
    limit 1000`);
  return rowsOf<{ sha256: string }>(result).map((r) => r.sha256);
}

/** Which of these hashes have a row in `blobs`. */
export async function recordedBlobs(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.select({ sha256: blobs.sha256 }).from(blobs).where(inArray(blobs.sha256, hashes));
  return new Set(rows.map((r) => r.sha256));
}

/** Rows for stored blobs that had none; their grace period starts now. */
export async function recordBlobs(db: Db, stored: { sha256: string; size: number }[]) {
  if (stored.length > 0) await db.insert(blobs).values(stored).onConflictDoNothing();
}

/** Deletes a blob's row if it was still stored before `storedBefore`; whether it did. */
export async function deleteBlobRow(db: Db, sha256: string, storedBefore: Date): Promise<boolean> {
  const gone = await db
    .delete(blobs)
    .where(and(eq(blobs.sha256, sha256), lt(blobs.createdAt, storedBefore)))
    .returning({ sha256: blobs.sha256 });
  return gone.length > 0;
}

export function foldersTrashedBefore(db: Db, cutoff: Date, limit: number) {
  return db
    .select()
    .from(folders)
    .where(and(isNotNull(folders.trashedAt), lt(folders.trashedAt, cutoff)))
    .limit(limit);
}

export function filesTrashedBefore(db: Db, cutoff: Date, limit: number) {
  return db
    .select()
    .from(files)
    .where(and(isNotNull(files.trashedAt), lt(files.trashedAt, cutoff)))
    .limit(limit);
}

/**
 * Locks a file for its purge while it is still in the trash since before `cutoff`: false when it has been
 * restored, retrashed or deleted since it was listed.
 */
export async function lockPurgeableFile(db: Db, fileId: string, cutoff: Date): Promise<boolean> {
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), isNotNull(files.trashedAt), lt(files.trashedAt, cutoff)))
    .for("update");
  return found.length > 0;
}

/** Deletes a file locked by `lockPurgeableFile` (so still there). */
export async function deleteLockedFile(db: Db, fileId: string): Promise<void> {
  await db.delete(files).where(eq(files.id, fileId));
}
