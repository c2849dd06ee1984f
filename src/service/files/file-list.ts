import type { FileListQuery } from "../../contract/files.ts";
import type { ServiceContext } from "../platform/context.ts";
import type { KeyValue } from "../platform/cursor.ts";
import { paginate } from "../platform/paginate.ts";
import { fetchFilePage, type ScoredFileRow } from "./file-list.repository.ts";
import { type FileListPlan, planFileList } from "./file-list-plan.ts";
import { toFileBase } from "./files.mapper.ts";
import { renditionsOf } from "./files.repository.ts";

function keyOf(plan: FileListPlan, row: ScoredFileRow): KeyValue[] {
  if (plan.sort === "relevance") return [row.score ?? 0, row.createdAt.toISOString(), row.id];
  const value =
    plan.sort === "created_at" ? row.createdAt.toISOString() : plan.sort === "size" ? row.size : row.name;
  return [value, row.id];
}

/** One page of files; with `q`, also how the query was interpreted. */
export async function listFiles(ctx: ServiceContext, query: FileListQuery) {
  const plan = await planFileList(ctx, query);
  const page = await paginate(ctx.deps.cursors, query, {
    name: plan.listing,
    fetch: (limit, after) => fetchFilePage(ctx.db, plan, limit, after),
    keyOf: (row) => keyOf(plan, row),
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
