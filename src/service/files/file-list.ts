import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { FileListQuery } from "../../contract/files.ts";
import { inVisibleLibraries, requireLibraryAccess } from "../access/library-access.ts";
import { subtreeFolderIds } from "../content/subtree.ts";
import type { Db } from "../db/client.ts";
import { files, properties } from "../db/schema/index.ts";
import { requireFolder } from "../folders/folder-access.ts";
import type { AuthContext } from "../platform/auth.ts";
import type { KeyValue } from "../platform/cursor.ts";
import { validationError } from "../platform/errors.ts";
import { keysetAfter } from "../platform/keyset.ts";
import {
  interpretedConditions,
  keywordCondition,
  relevanceScore,
  searchMembers,
  wordMatchers,
} from "../search/file-search.ts";
import { type InterpretedQuery, interpretQuery, mayNamePeople } from "../search/interpret-query.ts";
import { activeFile, type FileRow, fileColumns } from "./files.repository.ts";
import { hasTopLevelOr, parseFilterDocument, propertyIdsOf } from "./filter-document.ts";
import { compileFilter, type PropertyInfo } from "./filter-sql.ts";

const SORT_COLUMNS = { name: files.name, size: files.size, created_at: files.createdAt } as const;
const FLAT_PARAMS = [
  "uploaded_by",
  "extensions",
  "kind",
  "min_size",
  "max_size",
  "created_after",
  "created_before",
] as const;

export interface FileListPlan {
  where: SQL;
  /** "relevance" when `q` has keywords and no `sort` was asked for: by score, then newest first. */
  sort: keyof typeof SORT_COLUMNS | "relevance";
  /** The relevance score, when sorting by it. */
  score: SQL | null;
  order: "asc" | "desc";
  /** Binds cursors to this listing: a cursor from other parameters is refused. */
  listing: string;
  /** How `q` was read, when there is one. */
  interpreted: InterpretedQuery | null;
}

/** Turns the file list parameters into one WHERE clause and an order, checking scope access on the way. */
export async function planFileList(db: Db, auth: AuthContext, query: FileListQuery): Promise<FileListPlan> {
  const q = query.q;
  const members = q && mayNamePeople(q) ? await searchMembers(db, auth.brandspace.id) : [];
  const interpreted = q ? interpretQuery(q, { now: new Date(), members }) : null;
  const matchers = wordMatchers(interpreted?.words ?? []);
  const conditions: (SQL | undefined)[] = [
    eq(files.brandspaceId, auth.brandspace.id),
    await inVisibleLibraries({ db, auth }, files.libraryId),
    query.trashed ? and(isNotNull(files.trashedAt), isNull(files.hiddenBy)) : activeFile,
    ...(await scopeConditions(db, auth, query)),
    query.extensions?.length
      ? inArray(
          files.extension,
          query.extensions.map((e) => e.replace(/^\./, "").toLowerCase()),
        )
      : undefined,
    query.kind?.length ? inArray(files.kind, query.kind) : undefined,
    query.uploaded_by?.length ? inArray(files.createdById, query.uploaded_by) : undefined,
    query.created_after ? gte(files.createdAt, new Date(query.created_after)) : undefined,
    query.created_before ? lte(files.createdAt, new Date(query.created_before)) : undefined,
    query.min_size !== undefined ? gte(files.size, query.min_size) : undefined,
    query.max_size !== undefined ? lte(files.size, query.max_size) : undefined,
    ...(interpreted ? interpretedConditions(interpreted) : []),
    keywordCondition(matchers),
    query.filter ? await filterCondition(db, auth, query) : undefined,
  ];
  const relevance = matchers.length > 0 && !query.sort;
  const sort = query.sort ?? (relevance ? "relevance" : "created_at");
  const order = relevance ? "desc" : (query.order ?? "desc");
  const { limit: _limit, cursor: _cursor, ...shape } = query;
  return {
    where: and(...conditions)!,
    sort,
    order,
    score: relevance ? relevanceScore(matchers) : null,
    listing: JSON.stringify(["files", auth.brandspace.id, shape]),
    interpreted,
  };
}

async function scopeConditions(
  db: Db,
  auth: AuthContext,
  query: FileListQuery,
): Promise<(SQL | undefined)[]> {
  if (query.folder_id) {
    const folder = await requireFolder({ db, auth }, query.folder_id, "view");
    if (query.library_id && query.library_id !== folder.libraryId) {
      throw validationError([{ param: "folder_id", message: "is not in the library named by library_id" }]);
    }
    if (!query.recursive) return [eq(files.folderId, folder.id)];
    return [inArray(files.folderId, await subtreeFolderIds(db, folder.id))];
  }
  if (query.library_id) {
    await requireLibraryAccess({ db, auth }, query.library_id, "view");
    const top = query.recursive || query.trashed ? undefined : isNull(files.folderId);
    return [eq(files.libraryId, query.library_id), top];
  }
  return [];
}

async function filterCondition(db: Db, auth: AuthContext, query: FileListQuery): Promise<SQL> {
  const document = parseFilterDocument(query.filter!);
  if (hasTopLevelOr(document)) {
    const clashing = FLAT_PARAMS.filter((p) => query[p] !== undefined);
    if (clashing.length > 0) {
      throw validationError(
        clashing.map((p) => ({ param: p, message: "cannot be combined with a top-level or in filter" })),
        "A top-level `or` in filter cannot be combined with uploaded_by, extensions, kind, min_size, max_size, created_after or created_before.",
      );
    }
  }
  const ids = [...new Set(propertyIdsOf(document))];
  const known: PropertyInfo[] = ids.length
    ? await db
        .select({ id: properties.id, type: properties.type, boardId: properties.boardId })
        .from(properties)
        .where(and(eq(properties.brandspaceId, auth.brandspace.id), inArray(properties.id, ids)))
    : [];
  return compileFilter(document, new Map(known.map((p) => [p.id, p])));
}

/** One page (limit + 1 rows) of the planned listing, after an optional keyset position. */
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
    const rows = await db
      .select({ ...fileColumns, score: sql<number>`${score}`.mapWith(Number) })
      .from(files)
      .where(and(plan.where, position))
      .orderBy(desc(score), desc(files.createdAt), desc(files.id))
      .limit(limit);
    return rows as ScoredFileRow[];
  }
  const column = SORT_COLUMNS[plan.sort];
  const cast = plan.sort === "created_at" ? sql`::timestamptz` : plan.sort === "size" ? sql`::bigint` : sql``;
  const position = after
    ? keysetAfter([column, files.id], [sql`${after[0]}${cast}`, sql`${after[1]}`], plan.order)
    : undefined;
  const direction = plan.order === "asc" ? asc : desc;
  const rows = await db
    .select(fileColumns)
    .from(files)
    .where(and(plan.where, position))
    .orderBy(direction(column), direction(files.id))
    .limit(limit);
  return rows as FileRow[];
}

export type ScoredFileRow = FileRow & { score?: number };

export function keyOf(plan: FileListPlan, row: ScoredFileRow): KeyValue[] {
  if (plan.sort === "relevance") return [row.score ?? 0, row.createdAt.toISOString(), row.id];
  const value =
    plan.sort === "created_at" ? row.createdAt.toISOString() : plan.sort === "size" ? row.size : row.name;
  return [value, row.id];
}
