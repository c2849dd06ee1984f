import type { File } from "../../../contract/files.ts";

/** The page a file lives on: its folder, or its library's top level. */
export function placeOf(file: Pick<File, "library_id" | "folder_id">) {
  return file.folder_id
    ? ({ to: "/folders/$folderId", params: { folderId: file.folder_id } } as const)
    : ({ to: "/libraries/$libraryId", params: { libraryId: file.library_id } } as const);
}
