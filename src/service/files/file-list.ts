import type { FileBase, FileListQuery, ListFilesQuery, PropertyValue } from "../../contract/files.ts";
import type { ServiceContext } from "../platform/context.ts";
import { paginate } from "../platform/paginate.ts";
import { fetchFilePage, type ListedFile } from "./file-list.repository.ts";
import { type FileListPlan, fileListKey, planFileList } from "./file-list-plan.ts";
import { toFileBase, toPropertyValue } from "./files.mapper.ts";
import { brandspacePropertyValuesOf, type StoredPropertyValue } from "./files.repository.ts";

/** Each file's property values by file id: the brandspace's, or those of one board's properties. */
export type ValuesOf = (fileIds: string[]) => Promise<Map<string, StoredPropertyValue[]>>;

/**
 * A page's files as the lists show them: the base fields with their thumbnail's URL, and with `valuesOf`, each
 * file's property values (one more query per page).
 */
export async function presentFiles(ctx: ServiceContext, rows: ListedFile[]): Promise<FileBase[]>;
export async function presentFiles(
  ctx: ServiceContext,
  rows: ListedFile[],
  valuesOf: ValuesOf,
): Promise<(FileBase & { properties: PropertyValue[] })[]>;
export async function presentFiles(ctx: ServiceContext, rows: ListedFile[], valuesOf?: ValuesOf) {
  const values = await valuesOf?.(rows.map((r) => r.id));
  const urls = { deps: ctx.deps, region: ctx.auth.brandspace.region };
  return rows.map((row) => {
    const base = toFileBase(urls, row, row.thumbnailReady);
    return values ? { ...base, properties: (values.get(row.id) ?? []).map(toPropertyValue) } : base;
  });
}

/** One page of a planned file listing (the file list's or a board's), and with `q`, how the query was read. */
export async function pageOfFiles<Item>(
  ctx: ServiceContext,
  plan: FileListPlan,
  query: FileListQuery,
  present: (rows: ListedFile[]) => Promise<Item[]>,
) {
  const page = await paginate(ctx.deps.cursors, query, {
    name: plan.listing,
    fetch: (limit, after) => fetchFilePage(ctx.db, plan, limit, after),
    keyOf: (row) => fileListKey(plan, row),
    present,
  });
  if (!plan.interpreted) return page;
  const { words: _words, ...interpreted } = plan.interpreted;
  return { ...page, search: { query: query.q!, interpreted } };
}

/**
 * One page of files; with `q`, also how the query was interpreted; with `include=properties`, each file's
 * brandspace property values.
 */
export async function listFiles(ctx: ServiceContext, { include, ...query }: ListFilesQuery) {
  // What an item carries does not change the listing: a cursor serves with or without it.
  const plan = await planFileList(ctx, query);
  return include?.includes("properties")
    ? pageOfFiles(ctx, plan, query, (rows) =>
        presentFiles(ctx, rows, (ids) => brandspacePropertyValuesOf(ctx.db, ids)),
      )
    : pageOfFiles(ctx, plan, query, (rows) => presentFiles(ctx, rows));
}
