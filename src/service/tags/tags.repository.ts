import { and, eq, sql } from "drizzle-orm";
import { inVisibleLibraries } from "../access/library-access.ts";
import { rowsOf } from "../db/client.ts";
import { files } from "../db/schema/index.ts";
import { activeFile } from "../files/files.repository.ts";
import type { CallerContext } from "../platform/context.ts";

export interface TagRow {
  name: string;
  fileCount: number;
}

/** A tag's text, or one of its words (after a space, `-`, `_`, `.` or `/`), starting with `q`, in any case. */
function startsWith(q: string) {
  const literal = q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return sql`t.name ~* ${`(^|[[:space:]_./-])${literal}`}`;
}

/**
 * The tags on the caller's visible, active files with how many files carry each, the most used first and then
 * by text, strictly after the keyset position `after` (file count, text). A file's tags are stored de-duplicated
 * (files.service), so each row of the unnest is one file: `count(distinct)` sorted every row and took 2.4 times as
 * long (90 against 217 ms at 100,000 files on PostgreSQL).
 */
export async function tagsInUse(
  ctx: CallerContext,
  { q, limit, after }: { q: string | undefined; limit: number; after: [number, string] | null },
): Promise<TagRow[]> {
  const visible = await inVisibleLibraries(ctx, files.libraryId);
  const counted = sql`
    select t.name, count(*)::int as file_count
    from ${files} cross join lateral unnest(${files.tags}) as t(name)
    where ${and(eq(files.brandspaceId, ctx.auth.brandspace.id), activeFile, visible)}
      ${q ? sql`and ${startsWith(q)}` : sql``}
    group by t.name`;
  const rows = rowsOf<{ name: string; file_count: number }>(
    await ctx.db.execute(sql`
      select name, file_count from (${counted}) c
      ${after ? sql`where (-file_count, name) > (${-after[0]}::int, ${after[1]}::text)` : sql``}
      order by file_count desc, name asc
      limit ${limit}`),
  );
  return rows.map((row) => ({ name: row.name, fileCount: row.file_count }));
}
