import { and, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { compileExpression, compileSelection } from "../db/compiled-selection.ts";
import { files, renditions } from "../db/schema/index.ts";
import type { KeyValue } from "../platform/cursor.ts";
import { keysetAfter } from "../platform/keyset.ts";
import type { RelevanceTier } from "../search/file-search.ts";
import { type FileListPlan, SORT_COLUMNS } from "./file-list-plan.ts";
import { type ListedFileRow, listedFileColumns } from "./files.repository.ts";

/** A file of a listing's page: its list item's columns, whether it has a thumbnail, and its relevance score. */
export type ListedFile = ListedFileRow & { thumbnailReady: boolean; score?: number };

/** Every page of every listing reads these columns: compiled once (see `compileSelection`). */
const listedSelection = compileSelection<ListedFileRow>(listedFileColumns);

/**
 * Whether the active version has its thumbnail, read with the page instead of in a query of its own. A scalar
 * subquery, not `exists`: PostgreSQL may plan an `exists` of a select list as a hashed subplan over every
 * rendition (55 ms a page at 100,000 files); this is one primary-key lookup per row of the page.
 */
export const thumbnailReady = sql<boolean | null>`(select true from ${renditions}
  where ${renditions.versionId} = ${files.activeVersionId} and ${renditions.kind} = 'thumbnail')`;
const THUMBNAIL_READY = compileExpression(thumbnailReady);

async function selectFiles(db: Db, rest: SQL, score?: SQL): Promise<ListedFile[]> {
  const scored = score ? sql`, ${score} as "score"` : sql``;
  const raw = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select ${listedSelection.list}, ${THUMBNAIL_READY} as "thumbnailReady"${scored} from ${files} ${rest}`,
    ),
  );
  const rows = listedSelection.read(raw) as ListedFile[];
  for (let i = 0; i < rows.length; i++) {
    rows[i]!.thumbnailReady = raw[i]!.thumbnailReady === true;
    if (score) rows[i]!.score = Number(raw[i]!.score);
  }
  return rows;
}

/** At most `limit` rows of the planned listing, after an optional keyset position. */
export async function fetchFilePage(
  db: Db,
  plan: FileListPlan,
  limit: number,
  after: KeyValue[] | null,
): Promise<ListedFile[]> {
  if (plan.tiers) return fetchByTiers(db, plan.filters, plan.tiers, limit, after);
  const where = and(plan.filters, plan.keywords);
  if (plan.sort === "relevance") {
    const score = plan.score!;
    const position = after
      ? keysetAfter(
          [score, files.createdAt, files.id],
          [sql`${after[0]}::float8`, sql`${after[1]}::timestamptz`, sql`${after[2]}`],
          "desc",
        )
      : undefined;
    return selectFiles(
      db,
      sql`where ${and(where, position)} order by ${score} desc, ${files.createdAt} desc, ${files.id} desc
        limit ${limit}`,
      score,
    );
  }
  const column = SORT_COLUMNS[plan.sort];
  const position = after
    ? keysetAfter([column, files.id], [sortValue(plan.sort, after[0]!), sql`${after[1]}`], plan.order)
    : undefined;
  const direction = plan.order === "asc" ? sql`asc` : sql`desc`;
  return selectFiles(
    db,
    sql`where ${and(where, position)} order by ${column} ${direction}, ${files.id} ${direction} limit ${limit}`,
  );
}

/** A cursor's sort value as its column reads: the name is kept as it is, and lowered as the column is. */
function sortValue(sort: keyof typeof SORT_COLUMNS, value: KeyValue): SQL {
  if (sort === "created_at") return sql`${value}::timestamptz`;
  if (sort === "size") return sql`${value}::bigint`;
  return sql`lower(${value})`;
}

/**
 * A relevance page read tier by tier (best score first, each newest first), resuming inside the cursor's tier:
 * the same rows in the same order as sorting every match by score, at the cost of the tiers it reaches.
 */
async function fetchByTiers(
  db: Db,
  filters: SQL,
  tiers: RelevanceTier[],
  limit: number,
  after: KeyValue[] | null,
): Promise<ListedFile[]> {
  const rows: ListedFile[] = [];
  for (const tier of tiers) {
    if (rows.length >= limit) break;
    if (after && tier.score > Number(after[0])) continue;
    const position =
      after && tier.score === Number(after[0])
        ? keysetAfter([files.createdAt, files.id], [sql`${after[1]}::timestamptz`, sql`${after[2]}`], "desc")
        : undefined;
    const found = await selectFiles(
      db,
      sql`where ${and(filters, tier.condition, position)} order by ${files.createdAt} desc, ${files.id} desc
        limit ${limit - rows.length}`,
    );
    for (const row of found) rows.push({ ...row, score: tier.score });
  }
  return rows;
}
