import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { blobs, files, fileVersions } from "../db/schema/index.ts";
import { mirrorOf } from "../versions/versions.mapper.ts";
import type { VersionRow } from "../versions/versions.repository.ts";

/** Records that a blob is in use now, so the reclaim job's grace period starts again. */
export async function touchBlob(db: Db, sha256: string, size: number) {
  await touchBlobs(db, [{ blobSha256: sha256, size }]);
}

/** Rows per statement: two parameters each, well under the protocol's 65,535. */
const TOUCH_CHUNK = 5_000;

/**
 * Records that blobs are in use now (each one's reclaim grace period starts again), in one statement per 5,000: a
 * zip of 10,000 files is two, not 10,000. Each blob once, in hash order: one statement cannot update a row twice,
 * and concurrent touches then lock rows in the same order.
 */
export async function touchBlobs(db: Db, used: { blobSha256: string; size: number }[]) {
  const bySha = new Map(used.map((blob) => [blob.blobSha256, blob.size]));
  const values = [...bySha].sort(([a], [b]) => (a < b ? -1 : 1)).map(([sha256, size]) => ({ sha256, size }));
  for (let start = 0; start < values.length; start += TOUCH_CHUNK) {
    await db
      .insert(blobs)
      .values(values.slice(start, start + TOUCH_CHUNK))
      .onConflictDoUpdate({ target: blobs.sha256, set: { createdAt: sql`now()` } });
  }
}

export async function insertFile(db: Db, values: typeof files.$inferInsert) {
  await db.insert(files).values(values);
}

export async function insertVersion(db: Db, values: typeof fileVersions.$inferInsert): Promise<VersionRow> {
  const [row] = await db.insert(fileVersions).values(values).returning();
  return row!;
}

/** Hands out the file's next version number; numbers are never reused. */
export async function takeVersionNumber(db: Db, fileId: string): Promise<number> {
  const [numbered] = await db
    .update(files)
    .set({ nextVersionNumber: sql`${files.nextVersionNumber} + 1` })
    .where(eq(files.id, fileId))
    .returning({ number: sql<number>`${files.nextVersionNumber} - 1` });
  return Number(numbered!.number);
}

/** A new version becomes the file's active one and is counted. */
export async function activateNewVersion(db: Db, fileId: string, version: VersionRow) {
  await db
    .update(files)
    .set({
      ...mirrorOf(version),
      versionCount: sql`${files.versionCount} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(files.id, fileId));
}
