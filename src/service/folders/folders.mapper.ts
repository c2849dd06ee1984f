import type { Folder } from "../../contract/folders.ts";
import type { FolderRow } from "./folders.repository.ts";

export function toFolder(row: FolderRow): Folder {
  return {
    object: "folder",
    id: row.id,
    name: row.name,
    library_id: row.libraryId,
    parent_id: row.parentId,
    color: row.color,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by_id: row.createdById,
    trashed_at: row.trashedAt?.toISOString() ?? null,
  };
}

export const folderEventData = (row: FolderRow) => ({
  object: "folder",
  id: row.id,
  name: row.name,
  library_id: row.libraryId,
  parent_id: row.parentId,
});
