import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { fileVersions, uploadParts, uploads } from "../db/schema/index.ts";

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

export async function insertUpload(db: Db, values: NewUploadRow): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}

export async function findUploadOf(db: Db, brandspaceId: string, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.brandspaceId, brandspaceId)));
  return row ?? null;
}

export async function receivedParts(db: Db, uploadId: string) {
  return db
    .select({ number: uploadParts.number, size: uploadParts.size, etag: uploadParts.etag })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, uploadId))
    .orderBy(asc(uploadParts.number));
}

export async function recordPart(
  db: Db,
  uploadId: string,
  part: { number: number; size: number; etag: string },
) {
  await db
    .insert(uploadParts)
    .values({ uploadId, ...part })
    .onConflictDoUpdate({
      target: [uploadParts.uploadId, uploadParts.number],
      set: { size: part.size, etag: part.etag, receivedAt: new Date() },
    });
}

export async function updateUpload(db: Db, id: string, changes: Partial<NewUploadRow>) {
  const [row] = await db.update(uploads).set(changes).where(eq(uploads.id, id)).returning();
  return row!;
}

/** Takes a pending upload for one completion; a concurrent completion finds nothing left to claim. */
export async function claimForCompletion(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: "completed", completedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.status, "pending")))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/** The version an upload with `file_id` created. */
export async function findResultVersion(db: Db, versionId: string) {
  const [row] = await db.select().from(fileVersions).where(eq(fileVersions.id, versionId));
  return row ?? null;
}
