import { listFolders } from "../../contract/operations/folders.ts";
import { getLibrary, listLibraries } from "../../contract/operations/libraries.ts";
import { apiQuery, apiQueryAll } from "./query.ts";

export const librariesQuery = () => apiQueryAll(listLibraries);
export const libraryQuery = (libraryId: string) => apiQuery(getLibrary, { params: { libraryId } });

/** The direct children of a folder, or a library's top-level folders when `folderId` is null. */
export const childFoldersQuery = (libraryId: string, folderId: string | null) =>
  apiQueryAll(listFolders, { query: folderId ? { folder_id: folderId } : { library_id: libraryId } });
