import type { ListTagsQuery, TagInUse } from "../../contract/files.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import type { ServiceContext } from "../platform/context.ts";
import { paginate } from "../platform/paginate.ts";
import * as repo from "./tags.repository.ts";

const toTag = (row: repo.TagRow): TagInUse => ({ object: "tag", name: row.name, file_count: row.fileCount });

/**
 * Tags in use on the files the caller can see (of one library with `library_id`), the most used first; `q` keeps
 * those starting with it.
 */
export async function listTags(ctx: ServiceContext, query: ListTagsQuery) {
  const q = query.q || undefined;
  const libraryId = query.library_id;
  if (libraryId !== undefined) await requireLibraryAccess(ctx, libraryId, "view");
  return paginate(ctx.deps.cursors, query, {
    name: `tags:${ctx.auth.brandspace.id}:${libraryId ?? ""}:${q ?? ""}`,
    fetch: (limit, after: [number, string] | null) => repo.tagsInUse(ctx, { q, libraryId, limit, after }),
    keyOf: (row) => [row.fileCount, row.name],
    present: (rows) => rows.map(toTag),
  });
}
