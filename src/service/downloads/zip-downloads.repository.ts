import { eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { zipDownloads } from "../db/schema/index.ts";
import { deleteInBatches } from "../jobs/delete-in-batches.ts";

export type ZipDownloadRow = typeof zipDownloads.$inferSelect;

export async function insertZipDownload(db: Db, values: typeof zipDownloads.$inferInsert) {
  await db.insert(zipDownloads).values(values);
}

/** A zip download by id, or null. */
export async function findZipDownload(db: Db, id: string) {
  const [row] = await db
    .select({
      id: zipDownloads.id,
      brandspaceId: zipDownloads.brandspaceId,
      name: zipDownloads.name,
      entries: zipDownloads.entries,
      createdAt: zipDownloads.createdAt,
      expiresAt: zipDownloads.expiresAt,
    })
    .from(zipDownloads)
    .where(eq(zipDownloads.id, id));
  return row ?? null;
}

/** Deletes the zip downloads whose URL expired before `now`; returns how many. */
export async function deleteExpiredZipDownloads(db: Db, now: Date): Promise<number> {
  return deleteInBatches(async (limit) => {
    const batch = db
      .select({ id: zipDownloads.id })
      .from(zipDownloads)
      .where(lt(zipDownloads.expiresAt, now))
      .limit(limit);
    const rows = await db
      .delete(zipDownloads)
      .where(inArray(zipDownloads.id, batch))
      .returning({ id: zipDownloads.id });
    return rows.length;
  });
}
