import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transferFiles, transferFolders, transfers } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type TransferRow = typeof transfers.$inferSelect;
export type TransferFileRow = typeof transferFiles.$inferSelect;
export type TransferFolderRow = typeof transferFolders.$inferSelect;
export type Position = [string, string];

export async function insertTransfer(db: Db, values: typeof transfers.$inferInsert): Promise<TransferRow> {
  const [row] = await db.insert(transfers).values(values).returning();
  return row!;
}

export async function findTransfer(db: Db, brandspaceId: string, id: string): Promise<TransferRow | null> {
  const [row] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.id, id), eq(transfers.brandspaceId, brandspaceId)));
  return row ?? null;
}

export async function findTransferById(db: Db, id: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, id));
  return row ?? null;
}

export async function findTransferByToken(db: Db, token: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(transfers).where(eq(transfers.token, token));
  return row ?? null;
}

/** Locks the row for the rest of the transaction, so that concurrent changes of one transfer queue up. */
export async function lockTransfer(db: Db, id: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, id)).for("update");
  return row ?? null;
}

export async function updateTransfer(
  db: Db,
  id: string,
  changes: Partial<typeof transfers.$inferInsert>,
): Promise<TransferRow> {
  const [row] = await db
    .update(transfers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(transfers.id, id))
    .returning();
  return row!;
}

/** Moves a transfer from one status to another only if it is still in the first; the row, or null. */
export async function moveStatus(
  db: Db,
  id: string,
  from: TransferRow["status"][],
  changes: Partial<typeof transfers.$inferInsert>,
): Promise<TransferRow | null> {
  const [row] = await db
    .update(transfers)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(transfers.id, id), inArray(transfers.status, from)))
    .returning();
  return row ?? null;
}

export async function countView(db: Db, id: string) {
  await db
    .update(transfers)
    .set({ viewCount: sql`${transfers.viewCount} + 1` })
    .where(eq(transfers.id, id));
}

export async function countDownload(db: Db, id: string): Promise<TransferRow> {
  const [row] = await db
    .update(transfers)
    .set({ downloadCount: sql`${transfers.downloadCount} + 1` })
    .where(eq(transfers.id, id))
    .returning();
  return row!;
}

export interface TransferListScope {
  brandspaceId: string;
  /** Only this creator's transfers; all of the brandspace's otherwise. */
  createdById?: string;
  status?: TransferRow["status"];
}

/** Newest first. */
export async function listTransfers(db: Db, scope: TransferListScope, limit: number, after: Position | null) {
  const conditions = [eq(transfers.brandspaceId, scope.brandspaceId)];
  if (scope.createdById) conditions.push(eq(transfers.createdById, scope.createdById));
  if (scope.status) conditions.push(eq(transfers.status, scope.status));
  if (after)
    conditions.push(
      keysetAfter(
        [transfers.createdAt, transfers.id],
        [sql`${new Date(after[0])}`, sql`${after[1]}`],
        "desc",
      ),
    );
  return db
    .select()
    .from(transfers)
    .where(and(...conditions))
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(limit);
}

/** Files in zip order: by path, then name. */
export function filesOf(db: Db, transferIds: string[]): Promise<TransferFileRow[]> {
  if (transferIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(transferFiles)
    .where(inArray(transferFiles.transferId, transferIds))
    .orderBy(asc(transferFiles.path), asc(transferFiles.name));
}

export function foldersOf(db: Db, transferIds: string[]): Promise<TransferFolderRow[]> {
  if (transferIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(transferFolders)
    .where(inArray(transferFolders.transferId, transferIds))
    .orderBy(asc(transferFolders.path), asc(transferFolders.name));
}

export async function findTransferFile(
  db: Db,
  transferId: string,
  id: string,
): Promise<TransferFileRow | null> {
  const [row] = await db
    .select()
    .from(transferFiles)
    .where(and(eq(transferFiles.transferId, transferId), eq(transferFiles.id, id)));
  return row ?? null;
}

/** Every path (`dir/name`) taken in a transfer, files and folders alike. */
export async function takenPaths(db: Db, transferId: string): Promise<string[]> {
  const [fileRows, folderRows] = await Promise.all([
    db
      .select({ path: transferFiles.path, name: transferFiles.name })
      .from(transferFiles)
      .where(eq(transferFiles.transferId, transferId)),
    db
      .select({ path: transferFolders.path, name: transferFolders.name })
      .from(transferFolders)
      .where(eq(transferFolders.transferId, transferId)),
  ]);
  return [...fileRows, ...folderRows].map((r) => (r.path ? `${r.path}/${r.name}` : r.name));
}

export async function insertEntries(
  db: Db,
  entries: { files: (typeof transferFiles.$inferInsert)[]; folders: (typeof transferFolders.$inferInsert)[] },
) {
  for (let i = 0; i < entries.folders.length; i += 500)
    await db.insert(transferFolders).values(entries.folders.slice(i, i + 500));
  for (let i = 0; i < entries.files.length; i += 500)
    await db.insert(transferFiles).values(entries.files.slice(i, i + 500));
}

/** Totals recomputed from the entries. */
/** Recounts the transfer's files, folders and bytes; `at` is its change time (its creation's, for items sent with it). */
export async function refreshTotals(db: Db, id: string, at = new Date()): Promise<TransferRow> {
  const [row] = await db
    .update(transfers)
    .set({
      size: sql`(select coalesce(sum(size), 0) from transfer_files where transfer_id = ${id})`,
      fileCount: sql`(select count(*) from transfer_files where transfer_id = ${id})`,
      folderCount: sql`(select count(*) from transfer_folders where transfer_id = ${id})`,
      updatedAt: at,
    })
    .where(eq(transfers.id, id))
    .returning();
  return row!;
}

/** Live transfers whose expiry has come. */
export function dueForExpiry(
  db: Db,
  { now, brandspaceId }: { now: Date; brandspaceId?: string },
  limit: number,
) {
  return db
    .select()
    .from(transfers)
    .where(
      and(
        brandspaceId ? eq(transfers.brandspaceId, brandspaceId) : undefined,
        inArray(transfers.status, ["awaiting_uploads", "processing", "ready"]),
        lte(transfers.expiresAt, now),
      ),
    )
    .limit(limit);
}

/** Transfers ended early that nightly cleanup has not yet announced again. */
export function endedEarlyNotCleaned(db: Db, endedBefore: Date, limit: number) {
  return db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.status, "expired"),
        eq(transfers.expiredReason, "ended_early"),
        isNull(transfers.cleanedAt),
        lte(transfers.expiredAt, endedBefore),
      ),
    )
    .limit(limit);
}
