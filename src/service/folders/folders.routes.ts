import {
  createFolder,
  deleteFolder,
  getFolder,
  listFolders,
  moveFolder,
  restoreFolder,
  updateFolder,
} from "../../contract/operations/folders.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { subtreeFolderIds } from "../content/subtree.ts";
import { toPage } from "../platform/cursor.ts";
import { validationError } from "../platform/errors.ts";
import { route } from "../platform/route.ts";
import { toFolder } from "./folders.mapper.ts";
import * as repo from "./folders.repository.ts";
import * as service from "./folders.service.ts";

export function foldersRoutes() {
  return [
    route(listFolders, async ({ auth, db, deps, query }) => {
      const scope: repo.FolderListScope = { trashed: query.trashed ?? false };
      if (query.folder_id) {
        const parent = await service.requireFolder(db, auth, query.folder_id, "view");
        if (query.library_id && query.library_id !== parent.libraryId) {
          throw validationError([
            { param: "folder_id", message: "is not in the library named by library_id" },
          ]);
        }
        if (query.recursive)
          scope.within = (await subtreeFolderIds(db, parent.id)).filter((id) => id !== parent.id);
        else scope.parentId = parent.id;
      } else if (query.library_id) {
        await requireLibraryAccess({ db, auth }, query.library_id, "view");
        scope.libraryId = query.library_id;
        if (!query.recursive && !scope.trashed) scope.parentId = null;
      } else if (!query.recursive && !scope.trashed) {
        scope.parentId = null;
      }
      const listing = JSON.stringify([
        "folders",
        auth.brandspace.id,
        query.library_id,
        query.folder_id,
        query.recursive,
        scope.trashed,
      ]);
      const after = query.cursor ? (deps.cursors.decode(listing, query.cursor) as [string, string]) : null;
      const rows = await repo.listFolders(db, auth, scope, query.limit + 1, after);
      return toPage(rows, query.limit, {
        codec: deps.cursors,
        listing,
        keyOf: (r) => (scope.trashed ? [r.trashedAt!.toISOString(), r.id] : [r.name, r.id]),
        toItem: toFolder,
      });
    }),
    route(createFolder, ({ auth, db, body }) => service.createFolder(db, auth, body)),
    route(getFolder, ({ auth, db, params }) => service.getFolderDetail(db, auth, params.folderId)),
    route(updateFolder, ({ auth, db, params, body }) =>
      service.updateFolder(db, auth, params.folderId, body),
    ),
    route(deleteFolder, ({ auth, db, params, query }) =>
      query.permanent
        ? service.deleteFolderPermanently(db, auth, params.folderId)
        : service.trashFolder(db, auth, params.folderId),
    ),
    route(moveFolder, ({ auth, db, params, body }) => service.moveFolder(db, auth, params.folderId, body)),
    route(restoreFolder, ({ auth, db, params }) => service.restoreFolder(db, auth, params.folderId)),
  ];
}
