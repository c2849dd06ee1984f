import { createFolder, listFolders } from "../../../contract/operations/folders.ts";
import { call } from "../../api/client.ts";
import { fetchAll } from "../../api/query.ts";
import type { FolderMaker } from "./folder-tree.ts";

/**
 * Finds a folder by name among a place's child folders (listed once per place) or creates it there: a dropped
 * folder whose name is already there merges into it, as in the file managers people drop from.
 */
export function folderMakerOverApi(): FolderMaker {
  const children = new Map<string, Promise<Map<string, string>>>();
  return async (place, name) => {
    const key = place.folderId ?? `library:${place.libraryId}`;
    let named = children.get(key);
    if (!named) {
      named = fetchAll(listFolders, {
        query: place.folderId ? { folder_id: place.folderId } : { library_id: place.libraryId },
      }).then((folders) => new Map(folders.map((folder) => [folder.name, folder.id])));
      children.set(key, named);
    }
    const existing = (await named).get(name);
    if (existing) return existing;
    const folder = await call(createFolder, {
      body: { name, library_id: place.libraryId, ...(place.folderId ? { parent_id: place.folderId } : {}) },
      idempotencyKey: crypto.randomUUID(),
    });
    (await named).set(name, folder.id);
    return folder.id;
  };
}
