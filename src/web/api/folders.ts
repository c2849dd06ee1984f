import { getFolder, listFolders, moveFolder } from "../../contract/operations/folders.ts";
import { call } from "./client.ts";
import { apiQuery, apiQueryAll } from "./query.ts";

/**
 * A folder with its path and direct child counts. The browse grid asks for one per child folder tile, so the
 * answer is kept a minute; every folder or file change invalidates it.
 */
export const folderQuery = (folderId: string) => ({
  ...apiQuery(getFolder, { params: { folderId } }),
  staleTime: 60_000,
});

/** The direct children of a folder, or a library's top-level folders when `folderId` is null. */
export const childFoldersQuery = (libraryId: string, folderId: string | null) =>
  apiQueryAll(listFolders, { query: folderId ? { folder_id: folderId } : { library_id: libraryId } });

/** A library's whole folder tree (the command palette filters it by name: folders have no search). */
export const libraryFoldersQuery = (libraryId: string) => ({
  ...apiQueryAll(listFolders, { query: { library_id: libraryId, recursive: "true" } }),
  staleTime: 60_000,
});

/** The trashed folders of every visible library, most recently trashed first. */
export const trashedFoldersQuery = () => apiQueryAll(listFolders, { query: { trashed: "true" } });

/** A folder's destination: a library's top level or inside another folder (a folder has no root of its own). */
export type FolderDestination = { library_id: string } | { folder_id: string };

export const moveFolderTo = (folderId: string, to: FolderDestination) =>
  call(moveFolder, { params: { folderId }, body: to, idempotencyKey: crypto.randomUUID() });
