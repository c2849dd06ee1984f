import type { FileListQuery } from "../../contract/files.ts";
import type { ServiceContext } from "../platform/context.ts";
import { paginate } from "../platform/paginate.ts";
import { fetchFilePage } from "./file-list.repository.ts";
import { fileListKey, planFileList } from "./file-list-plan.ts";
import { toFileBase } from "./files.mapper.ts";
import { renditionsOf } from "./files.repository.ts";

/** One page of files; with `q`, also how the query was interpreted. */
export async function listFiles(ctx: ServiceContext, query: FileListQuery) {
  const plan = await planFileList(ctx, query);
  const page = await paginate(ctx.deps.cursors, query, {
    name: plan.listing,
    fetch: (limit, after) => fetchFilePage(ctx.db, plan, limit, after),
    keyOf: (row) => fileListKey(plan, row),
    present: async (rows) => {
      const available = await renditionsOf(
        ctx.db,
        rows.flatMap((r) => (r.activeVersionId ? [r.activeVersionId] : [])),
      );
      return rows.map((r) =>
        toFileBase({ deps: ctx.deps, region: ctx.auth.brandspace.region }, r, available),
      );
    },
  });
  if (!plan.interpreted) return page;
  const { words: _words, ...interpreted } = plan.interpreted;
  return { ...page, search: { query: query.q!, interpreted } };
}
