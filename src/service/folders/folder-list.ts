import { requireLibraryAccess } from "../access/library-access.ts";
import { subtreeFolderIds } from "../content/subtree.repository.ts";
import type { ServiceContext } from "../platform/context.ts";
import { validationError } from "../platform/errors.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { requireFolder } from "./folder-access.ts";
import { toFolder } from "./folders.mapper.ts";
import * as repo from "./folders.repository.ts";

export interface FolderListQuery extends PageRequest {
  library_id?: string;
  folder_id?: string;
  recursive?: boolean;
  trashed?: boolean;
}

/** Which folders a list covers, checking the caller's access to the folder or library it names. */
async function resolveScope(ctx: ServiceContext, query: FolderListQuery): Promise<repo.FolderListScope> {
  const scope: repo.FolderListScope = { trashed: query.trashed ?? false };
  const topLevelOnly = !query.recursive && !scope.trashed;
  // An empty id is an unknown one (404), not an absent one.
  if (query.folder_id !== undefined) {
    const parent = await requireFolder(ctx, query.folder_id, "view");
    if (query.library_id !== undefined && query.library_id !== parent.libraryId) {
      throw validationError([{ param: "folder_id", message: "is not in the library named by library_id" }]);
    }
    if (query.recursive)
      scope.within = (await subtreeFolderIds(ctx.db, parent.id)).filter((id) => id !== parent.id);
    else scope.parentId = parent.id;
  } else if (query.library_id !== undefined) {
    await requireLibraryAccess(ctx, query.library_id, "view");
    scope.libraryId = query.library_id;
    if (topLevelOnly) scope.parentId = null;
  } else if (topLevelOnly) {
    scope.parentId = null;
  }
  return scope;
}

/** Visible folders of a library, a folder or the trash: by name, or most recently trashed first. */
export async function listFolders(ctx: ServiceContext, query: FolderListQuery) {
  const scope = await resolveScope(ctx, query);
  return paginate(ctx.deps.cursors, query, {
    name: JSON.stringify([
      "folders",
      ctx.auth.brandspace.id,
      query.library_id,
      query.folder_id,
      query.recursive,
      scope.trashed,
    ]),
    fetch: (limit, after: [string, string] | null) => repo.listFolders(ctx, scope, limit, after),
    keyOf: (row): [string, string] => [scope.trashed ? row.trashedAt!.toISOString() : row.name, row.id],
    present: (rows) => rows.map(toFolder),
  });
}
