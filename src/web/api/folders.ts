import { getFolder, listFolders, moveFolder } from "../../contract/operations/folders.ts";
import { call } from "./client.ts";
import { apiQuery, apiQueryAll } from "./query.ts";

/** A folder with its path and direct child counts. */
export const folderQuery = (folderId: string) => apiQuery(getFolder, { params: { folderId } });

/** The trashed folders of every visible library, most recently trashed first. */
export const trashedFoldersQuery = () => apiQueryAll(listFolders, { query: { trashed: "true" } });

/** A folder's destination: a library's top level or inside another folder (a folder has no root of its own). */
export type FolderDestination = { library_id: string } | { folder_id: string };

export const moveFolderTo = (folderId: string, to: FolderDestination) =>
  call(moveFolder, { params: { folderId }, body: to, idempotencyKey: crypto.randomUUID() });
