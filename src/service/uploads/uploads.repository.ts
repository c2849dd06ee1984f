import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { uploadParts, uploads } from "../db/schema/index.ts";

export type UploadRow = typeof uploads.$inferSelect;

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

export async function updateUpload(db: Db, id: string, changes: Partial<typeof uploads.$inferInsert>) {
  const [row] = await db.update(uploads).set(changes).where(eq(uploads.id, id)).returning();
  return row!;
}
