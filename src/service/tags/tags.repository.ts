import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { inEditableLibraries, inVisibleLibraries } from "../access/library-access.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { files, tagCountChanges, tagCounts } from "../db/schema/index.ts";
import { activeFile, type FileRow } from "../files/files.repository.ts";
import type { CallerContext } from "../platform/context.ts";

export interface TagRow {
  name: string;
  fileCount: number;
}

/** A tag's text, or one of its words (after a space, `-`, `_`, `.` or `/`), starting with `q`, in any case. */
function startsWith(column: AnyPgColumn, q: string): SQL {
  const literal = q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return sql`${column} ~* ${`(^|[[:space:]_./-])${literal}`}`;
}

/**
 * The tags on the caller's visible, active files (or those of `libraryId`, which the caller may see) with how many
 * files carry each, the most used first and then by text, strictly after the keyset position `after` (file count,
 * text): each count is its library's folded count plus the changes not folded yet (`db/schema/tag-counts.ts`),
 * summed over the libraries.
 */
export async function tagsInUse(
  ctx: CallerContext,
  {
    q,
    libraryId,
    limit,
    after,
  }: { q: string | undefined; libraryId: string | undefined; limit: number; after: [number, string] | null },
): Promise<TagRow[]> {
  const where = (table: typeof tagCounts | typeof tagCountChanges) =>
    and(
      eq(table.brandspaceId, ctx.auth.brandspace.id),
      libraryId !== undefined ? eq(table.libraryId, libraryId) : undefined,
      q ? startsWith(table.tag, q) : undefined,
    );
  // One library's visibility the caller checked; else the visible ones.
  const visible = libraryId === undefined ? await inVisibleLibraries(ctx, sql`c.library_id`) : undefined;
  const counted = sql`
    select tag as name, sum(n)::int as file_count
    from (
      select ${tagCounts.libraryId} as library_id, ${tagCounts.tag} as tag, ${tagCounts.fileCount} as n
      from ${tagCounts} where ${where(tagCounts)}
      union all
      select ${tagCountChanges.libraryId}, ${tagCountChanges.tag}, ${tagCountChanges.change}
      from ${tagCountChanges} where ${where(tagCountChanges)}
    ) c
    ${visible ? sql`where ${visible}` : sql``}
    group by tag
    having sum(n) > 0`;
  const rows = rowsOf<{ name: string; file_count: number }>(
    await ctx.db.execute(sql`
      select name, file_count from (${counted}) c
      ${after ? sql`where (-file_count, name) > (${-after[0]}::int, ${after[1]}::text)` : sql``}
      order by file_count desc, name asc
      limit ${limit}`),
  );
  return rows.map((row) => ({ name: row.name, fileCount: row.file_count }));
}

/**
 * Folds the tag count changes appended so far into the counts, and drops the counts that reached zero. Each change
 * is taken by one fold only (a fold running beside it waits on the rows this one deleted, then skips them); changes
 * committed meanwhile wait for the next. Returns how many changes it folded.
 */
export async function foldTagCounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ folded: number; emptied: [libraryId: string, tag: string][] | null }>(
      await tx.execute(sql`
        with taken as (
          delete from ${tagCountChanges}
          returning brandspace_id, library_id, tag, change
        ),
        sums as (
          select brandspace_id, library_id, tag, sum(change)::int as change, count(*)::int as changes
          from taken group by brandspace_id, library_id, tag
        ),
        folded as (
          insert into ${tagCounts} (brandspace_id, library_id, tag, file_count)
          select brandspace_id, library_id, tag, change from sums where change <> 0
          on conflict (library_id, tag) do update set file_count = ${tagCounts.fileCount} + excluded.file_count
          returning library_id, tag, file_count
        )
        select (select coalesce(sum(changes), 0)::int from sums) as folded,
          (select json_agg(json_build_array(library_id, tag)) from folded where file_count <= 0) as emptied`),
    );
    const emptied = row?.emptied ?? [];
    if (emptied.length > 0) {
      await tx.execute(sql`
        delete from ${tagCounts} c using json_to_recordset(${JSON.stringify(
          emptied.map(([libraryId, tag]) => ({ library_id: libraryId, tag })),
        )}::json) as e(library_id text, tag text)
        where c.library_id = e.library_id and c.tag = e.tag and c.file_count <= 0`);
    }
    return row?.folded ?? 0;
  });
}

/** The files a tag change touched, as their `file.updated` events describe them. */
export type RetaggedFile = Pick<FileRow, "id" | "name" | "libraryId" | "folderId" | "kind">;

const retaggedColumns = {
  id: files.id,
  name: files.name,
  libraryId: files.libraryId,
  folderId: files.folderId,
  kind: files.kind,
};

/** Where a tag change reaches: one library (whose access the caller checked), else those the caller can edit. */
type Reach = { libraryId: string | undefined };

/**
 * Sets `tags` to `newTags` (an expression over the row's `tags`) on the brandspace's active files carrying `tag`
 * within reach, and returns them.
 */
async function retag(
  ctx: CallerContext,
  { tag, newTags, libraryId }: Reach & { tag: string; newTags: SQL },
): Promise<RetaggedFile[]> {
  const libraries =
    libraryId === undefined
      ? await inEditableLibraries(ctx, files.libraryId)
      : eq(files.libraryId, libraryId);
  return ctx.db
    .update(files)
    .set({ tags: newTags, updatedAt: new Date() })
    .where(
      and(
        eq(files.brandspaceId, ctx.auth.brandspace.id),
        sql`${files.tags} @> array[${tag}]::text[]`,
        activeFile,
        libraries,
      ),
    )
    .returning(retaggedColumns);
}

/** `to` in place of `from`, where `from` stood; a file that already had `to` keeps its first place only. */
export function renameTagOnFiles(
  ctx: CallerContext,
  { from, to, libraryId }: Reach & { from: string; to: string },
) {
  const renamed = sql`array(
    select t from (
      select case when u.tag = ${from} then ${to} else u.tag end as t, min(u.place) as place
      from unnest(${files.tags}) with ordinality as u(tag, place)
      group by 1
    ) s order by s.place)`;
  return retag(ctx, { tag: from, newTags: renamed, libraryId });
}

export function removeTagFromFiles(ctx: CallerContext, { tag, libraryId }: Reach & { tag: string }) {
  return retag(ctx, { tag, newTags: sql`array_remove(${files.tags}, ${tag})`, libraryId });
}
