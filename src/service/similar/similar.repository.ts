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

/** A look-alike before ranking: the file, and its active version's descriptor. */
export interface Candidate {
  id: string;
  features: number[];
}

/** Nearest versions read through the index for each candidate asked for: old versions and hidden files drop out. */
const OVERFETCH = 2;

/**
 * The visible, active files other than `fileId` among the `count` × OVERFETCH versions nearest to `embedding`
 * (`versionId`'s visual embedding, migration 0008: mirror-invariant, in a GiST index), in no particular order:
 * the caller ranks them, and reads the files of the page it keeps. One statement: the nearest versions are a
 * subquery with its own ORDER BY and LIMIT, which the planner cannot fold into the join (joined to files first, it
 * misjudges the join and sorts every version instead).
 */
export async function nearestCandidates(
  ctx: CallerContext,
  {
    fileId,
    versionId,
    embedding,
    count,
  }: { fileId: string; versionId: string; embedding: string; count: number },
): Promise<Candidate[]> {
  const nearest = ctx.db
    .select({ id: fileVersions.id })
    .from(fileVersions)
    .where(
      and(
        eq(fileVersions.brandspaceId, ctx.auth.brandspace.id),
        sql`visual_embedding is not null`,
        ne(fileVersions.id, versionId),
      ),
    )
    .orderBy(sql`visual_embedding <-> ${embedding}::cube`)
    .limit(count * OVERFETCH)
    .as("nearest");
  const candidates = ctx.db
    .select({ id: files.id, features: fileVersions.features })
    .from(nearest)
    .innerJoin(fileVersions, eq(fileVersions.id, nearest.id))
    .innerJoin(files, and(eq(files.id, fileVersions.fileId), eq(files.activeVersionId, fileVersions.id)))
    .where(and(await inVisibleLibraries(ctx, files.libraryId), activeFile, ne(files.id, fileId)));
  // One JSON value rather than a row with an array per candidate: parsed into arrays by the driver and (on PGlite)
  // copied from the database's thread one by one, 300 descriptors took longer than the index search's last half.
  const [row] = rowsOf<{ candidates: [id: string, features: number[] | null][] }>(
    await ctx.db.execute(
      sql`select coalesce(json_agg(json_build_array(c.id, c.features)), '[]') as candidates from (${candidates}) c`,
    ),
  );
  return (row?.candidates ?? []).flatMap(([id, features]) => (features ? [{ id, features }] : []));
}

/**
 * The files of a page of look-alikes, in the order of `ids` (chosen among visible ones by `nearestCandidates` in
 * the same request); one deleted or trashed since is left out.
 */
export async function filesInOrder(ctx: CallerContext, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.brandspaceId, ctx.auth.brandspace.id), inArray(files.id, ids), activeFile));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
