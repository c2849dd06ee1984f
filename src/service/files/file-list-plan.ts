import { and, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { FileListQuery } from "../../contract/files.ts";
import { boardAccess } from "../access/board-access.ts";
import { inVisibleLibraries, requireLibraryAccess } from "../access/library-access.ts";
import { subtreeFolderIds } from "../content/subtree.repository.ts";
import { files } from "../db/schema/index.ts";
import { requireFolder } from "../folders/folder-access.ts";
import { memberIdsAmong, memberOrFormerIdsAmong } from "../members/members.repository.ts";
import type { CallerContext } from "../platform/context.ts";
import type { KeyValue } from "../platform/cursor.ts";
import { validationError } from "../platform/errors.ts";
import {
  interpretedConditions,
  keywordCondition,
  type RelevanceTier,
  relevanceScore,
  relevanceTiers,
  wordMatchers,
} from "../search/file-search.ts";
import { type InterpretedQuery, interpretQuery, mayNamePeople } from "../search/interpret-query.ts";
import { extensionWithAliases } from "../search/query-words.ts";
import { searchMembers, withKnownWords } from "../search/search.repository.ts";
import type { ListedFile } from "./file-list.repository.ts";
import { activeFile } from "./files.repository.ts";
import {
  type Condition,
  conditionsOf,
  type FilterNode,
  hasTopLevelOr,
  invalid,
  parseFilterDocument,
  propertyConditionsOf,
  propertyIdsOf,
} from "./filter-document.ts";
import { compileFilter } from "./filter-sql.ts";
import { findProperties, knownOptions, type PropertyInfo } from "./property-values.repository.ts";

/** What each `sort` orders by: names without regard to case, as people read them ("apple" before "Zebra"). */
export const SORT_COLUMNS = {
  name: sql`lower(${files.name})`,
  size: files.size,
  created_at: files.createdAt,
} as const;
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
  /** Every condition but the keywords. */
  filters: SQL;
  /** Every keyword must match; absent without keywords. */
  keywords: SQL | undefined;
  /** With one keyword and relevance order: its score tiers, best first (`fetchFilePage` reads them in turn). */
  tiers: RelevanceTier[] | null;
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

/** A row's keyset position in the plan's order. */
export function fileListKey(plan: FileListPlan, row: ListedFile): KeyValue[] {
  if (plan.sort === "relevance") return [row.score ?? 0, row.createdAt.toISOString(), row.id];
  const value =
    plan.sort === "created_at" ? row.createdAt.toISOString() : plan.sort === "size" ? row.size : row.name;
  return [value, row.id];
}

/** Turns the file list parameters into one WHERE clause and an order, checking scope access on the way. */
export async function planFileList(ctx: CallerContext, query: FileListQuery): Promise<FileListPlan> {
  const { db, auth } = ctx;
  const q = query.q;
  const members = q && mayNamePeople(q) ? await searchMembers(db, auth.brandspace.id) : [];
  const interpreted = q ? interpretQuery(q, { now: new Date(), members }) : null;
  const words = interpreted?.words ?? [];
  const matchers = await withKnownWords(db, auth.brandspace.id, wordMatchers(words));
  const conditions: (SQL | undefined)[] = [
    eq(files.brandspaceId, auth.brandspace.id),
    await inVisibleLibraries(ctx, files.libraryId),
    query.trashed ? and(isNotNull(files.trashedAt), isNull(files.hiddenBy)) : activeFile,
    ...(await scopeConditions(ctx, query)),
    query.extensions?.length
      ? inArray(
          files.extension,
          query.extensions.flatMap((e) => extensionWithAliases(e.replace(/^\./, "").toLowerCase())),
        )
      : undefined,
    query.kind?.length ? inArray(files.kind, query.kind) : undefined,
    query.uploaded_by?.length
      ? await requireKnownUploaders(ctx, "uploaded_by", query.uploaded_by).then(() =>
          inArray(files.createdById, query.uploaded_by!),
        )
      : undefined,
    query.created_after ? gte(files.createdAt, new Date(query.created_after)) : undefined,
    query.created_before ? lte(files.createdAt, new Date(query.created_before)) : undefined,
    query.min_size !== undefined ? gte(files.size, Math.ceil(query.min_size)) : undefined,
    query.max_size !== undefined ? lte(files.size, Math.floor(query.max_size)) : undefined,
    ...(interpreted ? interpretedConditions(interpreted) : []),
    query.filter ? await filterCondition(ctx, query) : undefined,
  ];
  const relevance = matchers.length > 0 && !query.sort;
  const sort = query.sort ?? (relevance ? "relevance" : "created_at");
  const order = relevance ? "desc" : (query.order ?? "desc");
  const { limit: _limit, cursor: _cursor, ...shape } = query;
  return {
    filters: and(...conditions)!,
    keywords: keywordCondition(matchers),
    tiers: relevance && matchers.length === 1 ? relevanceTiers(matchers[0]!) : null,
    sort,
    order,
    score: relevance ? relevanceScore(matchers) : null,
    listing: JSON.stringify(["files", auth.brandspace.id, shape]),
    interpreted,
  };
}

async function scopeConditions(ctx: CallerContext, query: FileListQuery): Promise<(SQL | undefined)[]> {
  // An empty id is an unknown one (404), not an absent one.
  if (query.folder_id !== undefined) {
    const folder = await requireFolder(ctx, query.folder_id, "view");
    if (query.library_id !== undefined && query.library_id !== folder.libraryId) {
      throw validationError([{ param: "folder_id", message: "is not in the library named by library_id" }]);
    }
    if (!query.recursive) return [eq(files.folderId, folder.id)];
    return [inArray(files.folderId, await subtreeFolderIds(ctx.db, folder.id))];
  }
  if (query.library_id !== undefined) {
    await requireLibraryAccess(ctx, query.library_id, "view");
    const top = query.recursive || query.trashed ? undefined : isNull(files.folderId);
    return [eq(files.libraryId, query.library_id), top];
  }
  return [];
}

async function filterCondition(ctx: CallerContext, query: FileListQuery): Promise<SQL> {
  const { db, auth } = ctx;
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
  const found = await findProperties(db, auth.brandspace.id, ids);
  // A property of a board the caller cannot see is unknown: matching on it would tell what is on that board.
  const visible = await Promise.all(
    found.map(async (p) => !p.boardId || (await boardAccess(ctx, p.boardId)) !== null),
  );
  const known = new Map(found.filter((_, i) => visible[i]).map((p) => [p.id, p]));
  await requireKnownValueIds(ctx, propertyConditionsOf(document), known);
  await requireKnownUploaders(ctx, "filter", createdByIdsOf(document));
  return compileFilter(document, known);
}

/** The user ids that `created_by_id` conditions compare with (values of the wrong type are `compileFilter`'s). */
function createdByIdsOf(document: FilterNode): string[] {
  return conditionsOf(document)
    .filter((c) => "field" in c && c.field === "created_by_id")
    .flatMap((c) => (Array.isArray(c.value) ? c.value : [c.value]))
    .filter((v): v is string => typeof v === "string");
}

/**
 * Uploader ids (`uploaded_by`, a `created_by_id` condition) must name a member of the brandspace, or a former one
 * whose files it keeps (decisions: "Malformed or unknown ids: 400"): a mistyped id would match nothing, silently.
 */
export async function requireKnownUploaders(ctx: CallerContext, param: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await memberOrFormerIdsAmong(ctx.db, ctx.auth.brandspace.id, unique);
  const unknown = unique.find((id) => !found.has(id));
  if (unknown) throw invalid(`unknown member ${unknown}`, param);
}

/**
 * The option and member ids that conditions compare with must exist (decisions: "Malformed or unknown ids: 400"):
 * an option of that property, a member of the brandspace. Values of the wrong type are left to `compileFilter`.
 */
async function requireKnownValueIds(
  ctx: CallerContext,
  conditions: Extract<Condition, { property_id: string }>[],
  properties: Map<string, PropertyInfo>,
): Promise<void> {
  const options: { propertyId: string; id: string }[] = [];
  const people: string[] = [];
  for (const condition of conditions) {
    const property = properties.get(condition.property_id);
    if (!property) continue;
    const ids = (Array.isArray(condition.value) ? condition.value : [condition.value]).filter(
      (v): v is string => typeof v === "string",
    );
    if (property.type === "person") people.push(...ids);
    else if (["status", "tag", "multi_tag"].includes(property.type))
      options.push(...ids.map((id) => ({ propertyId: property.id, id })));
  }
  const [knownOptionKeys, knownPeople] = await Promise.all([
    knownOptions(
      ctx.db,
      [...new Set(options.map((o) => o.propertyId))],
      [...new Set(options.map((o) => o.id))],
    ),
    memberIdsAmong(ctx.db, ctx.auth.brandspace.id, [...new Set(people)]),
  ]);
  const unknownOption = options.find((o) => !knownOptionKeys.has(`${o.propertyId} ${o.id}`));
  if (unknownOption)
    throw invalid(`unknown option ${unknownOption.id} for property ${unknownOption.propertyId}`);
  const unknownPerson = people.find((id) => !knownPeople.has(id));
  if (unknownPerson) throw invalid(`unknown member ${unknownPerson}`);
}
