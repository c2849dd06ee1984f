import { and, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { blobs, files, folders, uploads } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { fileEventData } from "../files/files.mapper.ts";
import { purgeFolder } from "../folders/folders.service.ts";
import { actors, emit } from "../platform/outbox.ts";

const DAY_MS = 86_400_000;
/** Trash older than this is purged (decisions document). */
export const TRASH_RETENTION_MS = 30 * DAY_MS;
/**
 * A blob is reclaimed only when nothing points at it and it was last stored over a day ago: an upload that
 * stored identical bytes a moment ago will reference them before then.
 */
export const BLOB_GRACE_MS = DAY_MS;

/** Pending uploads past their expiry become `expired` and their staged parts are discarded. */
export async function expireUploads(deps: ServiceDeps, now = new Date()) {
  const expired = await deps.db
    .update(uploads)
    .set({ status: "expired" })
    .where(and(eq(uploads.status, "pending"), lt(uploads.expiresAt, now)))
    .returning({ id: uploads.id, method: uploads.method });
  for (const upload of expired) {
    if (upload.method === "multipart") await deps.blobs.discardStaging(upload.id).catch(() => {});
  }
  await deps.blobs.sweepTemp(DAY_MS).catch(() => 0);
  return expired.length;
}

/** Deletes blobs that no version, rendition or pending upload points at, past the grace period. */
export async function reclaimBlobs(deps: ServiceDeps, now = new Date()) {
  const result = await deps.db.execute(sql`
    select b.sha256 from blobs b
    where b.created_at < ${new Date(now.getTime() - BLOB_GRACE_MS)}
      and not exists (select 1 from file_versions v where v.blob_sha256 = b.sha256)
      and not exists (select 1 from renditions r where r.blob_sha256 = b.sha256)
      and not exists (select 1 from uploads u where u.blob_sha256 = b.sha256 and u.status = 'pending')
    limit 1000`);
  const unreferenced = rowsOf<{ sha256: string }>(result).map((r) => r.sha256);
  for (const sha256 of unreferenced) {
    // Delete the row first: a concurrent put re-inserts it, and then the bytes it needs are the ones left.
    const [gone] = await deps.db
      .delete(blobs)
      .where(and(eq(blobs.sha256, sha256), lt(blobs.createdAt, new Date(now.getTime() - BLOB_GRACE_MS))))
      .returning({ sha256: blobs.sha256 });
    if (gone) await deps.blobs.delete(sha256);
  }
  return unreferenced.length;
}

/** Items trashed over 30 days ago are deleted for good, by the `system` actor. */
export async function purgeTrash(deps: ServiceDeps, now = new Date()) {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_MS);
  let purged = 0;
  const oldFolders = await deps.db
    .select()
    .from(folders)
    .where(and(isNotNull(folders.trashedAt), lt(folders.trashedAt, cutoff)))
    .limit(500);
  for (const folder of oldFolders) {
    await deps.db.transaction(async (tx) =>
      purgeFolder({ db: tx as Db }, { brandspaceId: folder.brandspaceId, folder, actor: actors.system() }),
    );
    purged += 1;
  }
  const oldFiles = await deps.db
    .select()
    .from(files)
    .where(and(isNotNull(files.trashedAt), lt(files.trashedAt, cutoff)))
    .limit(1000);
  for (const file of oldFiles) {
    await deps.db.transaction(async (t) => {
      const tx = t as Db;
      const deleted = await tx
        .delete(files)
        .where(inArray(files.id, [file.id]))
        .returning({ id: files.id });
      if (deleted.length === 0) return;
      await emit(tx, {
        brandspaceId: file.brandspaceId,
        type: "file.deleted",
        actor: actors.system(),
        data: fileEventData(file),
      });
    });
    purged += 1;
  }
  return purged;
}
