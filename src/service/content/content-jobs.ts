import { backupRunning } from "../backup/backup-gate.ts";
import { takeDeletedOffBoards } from "../boards/boards-of-deleted.ts";
import type { Db } from "../db/client.ts";
import { fileEventData } from "../files/files.mapper.ts";
import { purgeFolder } from "../folders/folders.service.ts";
import type { SystemContext } from "../platform/context.ts";
import { actors, emit } from "../platform/outbox.ts";
import { revokeLinksOfDeleted } from "../shared-links/revoke-with-target.ts";
import * as repo from "./content-jobs.repository.ts";

const DAY_MS = 86_400_000;
/** Trash older than this is purged (decisions document). */
export const TRASH_RETENTION_MS = 30 * DAY_MS;
/**
 * A blob is reclaimed only when nothing points at it and it was last stored over a day ago: an upload that
 * stored identical bytes a moment ago will reference them before then.
 */
export const BLOB_GRACE_MS = DAY_MS;

type At = { now?: Date };

/** Pending uploads past their expiry become `expired` and their staged parts are discarded. */
export async function expireUploads({ db, deps }: SystemContext, { now = new Date() }: At = {}) {
  const expired = await repo.expirePendingUploads(db, now);
  for (const upload of expired) {
    if (upload.method === "multipart") await deps.blobs.discardStaging(upload.id).catch(() => {});
  }
  await deps.blobs.sweepTemp(DAY_MS).catch(() => 0);
  return expired.length;
}

/** Deletes blobs that no version, rendition or pending upload points at, past the grace period. */
export async function reclaimBlobs({ db, deps }: SystemContext, { now = new Date() }: At = {}) {
  // A backup copying blobs must find every blob its database dump references; reclaim waits for the next turn.
  if (backupRunning()) return 0;
  await recordUnrecordedBlobs({ db, deps });
  const storedBefore = new Date(now.getTime() - BLOB_GRACE_MS);
  const unreferenced = await repo.unreferencedBlobs(db, storedBefore);
  for (const sha256 of unreferenced) {
    // Delete the row first: a concurrent put re-inserts it, and then the bytes it needs are the ones left.
    if (await repo.deleteBlobRow(db, sha256, storedBefore)) await deps.blobs.delete(sha256);
  }
  return unreferenced.length;
}

const RECORD_BATCH = 500;

/**
 * A process killed between storing a blob and committing its row leaves bytes no row points at, which the
 * row-driven reclaim would never see. Such blobs get a row now, so that, unreferenced, they go a grace period later
 * like any other; a write that is merely about to commit its row finds the row there and refreshes it.
 */
async function recordUnrecordedBlobs({ db, deps }: Pick<SystemContext, "db" | "deps">) {
  let batch: string[] = [];
  const record = async () => {
    const recorded = await repo.recordedBlobs(db, batch);
    const missing = batch.filter((sha256) => !recorded.has(sha256));
    const stored = [];
    for (const sha256 of missing) {
      const stat = await deps.blobs.stat(sha256);
      if (stat) stored.push({ sha256, size: stat.size });
    }
    await repo.recordBlobs(db, stored);
    batch = [];
  };
  for await (const sha256 of deps.blobs.list()) {
    batch.push(sha256);
    if (batch.length >= RECORD_BATCH) await record();
  }
  await record();
}

/** Items trashed over 30 days ago are deleted for good, by the `system` actor. */
export async function purgeTrash({ db }: SystemContext, { now = new Date() }: At = {}) {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_MS);
  let purged = 0;
  for (const folder of await repo.foldersTrashedBefore(db, cutoff, 500)) {
    await db.transaction(async (tx) =>
      purgeFolder({ db: tx as Db }, { brandspaceId: folder.brandspaceId, folder, actor: actors.system() }),
    );
    purged += 1;
  }
  for (const file of await repo.filesTrashedBefore(db, cutoff, 1000)) {
    await db.transaction(async (t) => {
      const tx = t as Db;
      if (!(await repo.lockPurgeableFile(tx, file.id, cutoff))) return;
      await takeDeletedOffBoards(tx, file.brandspaceId, { fileIds: [file.id] });
      await repo.deleteLockedFile(tx, file.id);
      await revokeLinksOfDeleted(tx, file.brandspaceId, { file: [file.id] });
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
