import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { inVisibleLibraries } from "../access/library-access.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { files, fileVersions } from "../db/schema/index.ts";
import { activeFile, type FileRow, fileColumns } from "../files/files.repository.ts";
import type { CallerContext } from "../platform/context.ts";

/** A version's visual descriptor and its point in the look-alike index, or null when it has none (yet). */
export async function descriptorOf(
  db: Db,
  versionId: string,
): Promise<{ features: number[]; embedding: string } | null> {
  const [row] = rowsOf<{ features: number[] | null; embedding: string | null }>(
    await db.execute(
      sql`select features, visual_embedding::text as embedding from file_versions where id = ${versionId}`,
    ),
  );
  return row?.features && row.embedding ? { features: row.features, embedding: row.embedding } : null;
}

export type CandidateRow = FileRow & {
  features: NonNullable<(typeof fileVersions.$inferSelect)["features"]>;
};

/** Nearest versions read through the index for each candidate asked for: old versions and hidden files drop out. */
const OVERFETCH = 2;

/**
 * The visible, active files other than `fileId` among the `count` × OVERFETCH versions nearest to `embedding` (`versionId`'s visual
 * embedding (migration 0008: mirror-invariant, in a GiST index), in no particular order: the caller ranks them.
 * The whole brandspace is searched, nearest first through the index; the nearest versions are read on their
 * own (an ORDER BY with LIMIT on the one table), since joined to files the planner misjudges the join and sorts
 * every version instead.
 */
export async function nearestCandidates(
  ctx: CallerContext,
  {
    fileId,
    versionId,
    embedding,
    count,
  }: { fileId: string; versionId: string; embedding: string; count: number },
): Promise<CandidateRow[]> {
  const nearest = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      select id from file_versions
      where brandspace_id = ${ctx.auth.brandspace.id} and visual_embedding is not null and id <> ${versionId}
      order by visual_embedding <-> ${embedding}::cube
      limit ${count * OVERFETCH}`),
  ).map((row) => row.id);
  if (nearest.length === 0) return [];
  const rows = await ctx.db
    .select({ ...fileColumns, features: fileVersions.features })
    .from(fileVersions)
    .innerJoin(files, and(eq(files.id, fileVersions.fileId), eq(files.activeVersionId, fileVersions.id)))
    .where(
      and(
        inArray(fileVersions.id, nearest),
        await inVisibleLibraries(ctx, files.libraryId),
        activeFile,
        ne(files.id, fileId),
      ),
    );
  return rows as CandidateRow[];
}
