import type { ListedFile, ListFilesQuery } from "../../contract/files.ts";
import type { ServiceContext } from "../platform/context.ts";
import { paginate } from "../platform/paginate.ts";
import { fetchFilePage } from "./file-list.repository.ts";
import { fileListKey, planFileList } from "./file-list-plan.ts";
import { toFileBase, toPropertyValue } from "./files.mapper.ts";
import { brandspacePropertyValuesOf, renditionsOf } from "./files.repository.ts";

/**
 * One page of files; with `q`, also how the query was interpreted; with `include=properties`, each file's
 * brandspace property values.
 */
export async function listFiles(ctx: ServiceContext, { include, ...query }: ListFilesQuery) {
  // What an item carries does not change the listing: a cursor serves with or without it.
  const withValues = include?.includes("properties") ?? false;
  const plan = await planFileList(ctx, query);
  const page = await paginate(ctx.deps.cursors, query, {
    name: plan.listing,
    fetch: (limit, after) => fetchFilePage(ctx.db, plan, limit, after),
    keyOf: (row) => fileListKey(plan, row),
    present: async (rows): Promise<ListedFile[]> => {
      const [available, values] = await Promise.all([
        renditionsOf(
          ctx.db,
          rows.flatMap((r) => (r.activeVersionId ? [r.activeVersionId] : [])),
        ),
        withValues
          ? brandspacePropertyValuesOf(
              ctx.db,
              rows.map((r) => r.id),
            )
          : undefined,
      ]);
      const urls = { deps: ctx.deps, region: ctx.auth.brandspace.region };
      return rows.map((r) => {
        const base = toFileBase(urls, r, available);
        return values ? { ...base, properties: (values.get(r.id) ?? []).map(toPropertyValue) } : base;
      });
    },
  });
  if (!plan.interpreted) return page;
  const { words: _words, ...interpreted } = plan.interpreted;
  return { ...page, search: { query: query.q!, interpreted } };
}
