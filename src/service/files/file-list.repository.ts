import { and, asc, desc, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { files } from "../db/schema/index.ts";
import type { KeyValue } from "../platform/cursor.ts";
import { keysetAfter } from "../platform/keyset.ts";
import { type FileListPlan, SORT_COLUMNS } from "./file-list-plan.ts";
import { type FileRow, fileColumns } from "./files.repository.ts";

export type ScoredFileRow = FileRow & { score?: number };

/** At most `limit` rows of the planned listing, after an optional keyset position. */
export async function fetchFilePage(
  db: Db,
  plan: FileListPlan,
  limit: number,
  after: KeyValue[] | null,
): Promise<ScoredFileRow[]> {
  if (plan.sort === "relevance") {
    const score = plan.score!;
    const position = after
      ? keysetAfter(
          [score, files.createdAt, files.id],
          [sql`${after[0]}::float8`, sql`${after[1]}::timestamptz`, sql`${after[2]}`],
          "desc",
        )
      : undefined;
    return db
      .select({ ...fileColumns, score: sql<number>`${score}`.mapWith(Number) })
      .from(files)
      .where(and(plan.where, position))
      .orderBy(desc(score), desc(files.createdAt), desc(files.id))
      .limit(limit);
  }
  const column = SORT_COLUMNS[plan.sort];
  const cast = plan.sort === "created_at" ? sql`::timestamptz` : plan.sort === "size" ? sql`::bigint` : sql``;
  const position = after
    ? keysetAfter([column, files.id], [sql`${after[0]}${cast}`, sql`${after[1]}`], plan.order)
    : undefined;
  const direction = plan.order === "asc" ? asc : desc;
  return db
    .select(fileColumns)
    .from(files)
    .where(and(plan.where, position))
    .orderBy(direction(column), direction(files.id))
    .limit(limit);
}
