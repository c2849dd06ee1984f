import { z } from "zod";
import { deletionOf, IdRef, listOf, PaginationQuery, QueryBoolean } from "../common.ts";
import { DeleteQuery } from "../files.ts";
import { CreateFolderBody, Folder, FolderDetail, MoveFolderBody, UpdateFolderBody } from "../folders.ts";
import { defineOperation } from "../operation.ts";

const FolderParams = z.strictObject({ folderId: z.string() });

export const listFolders = defineOperation({
  id: "listFolders",
  method: "GET",
  path: "/v1/folders",
  plane: "regional",
  auth: "key",
  scope: "libraries:read",
  tag: "Folders",
  summary:
    "Folders: `library_id` alone lists a library's top level, `folder_id` a folder's children, `recursive=true` adds every descendant; `trashed=true` lists the trash.",
  query: PaginationQuery.extend({
    library_id: IdRef.optional(),
    folder_id: IdRef.optional(),
    recursive: QueryBoolean.optional(),
    trashed: QueryBoolean.optional(),
  }),
  status: 200,
  response: listOf(Folder),
});

export const createFolder = defineOperation({
  id: "createFolder",
  method: "POST",
  path: "/v1/folders",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Folders",
  summary: "Create a folder in a library, at its top level or under `parent_id`.",
  body: CreateFolderBody,
  status: 201,
  response: Folder,
});

export const getFolder = defineOperation({
  id: "getFolder",
  method: "GET",
  path: "/v1/folders/{folderId}",
  plane: "regional",
  auth: "key",
  scope: "libraries:read",
  tag: "Folders",
  summary: "A folder with its path and direct child counts.",
  params: FolderParams,
  status: 200,
  response: FolderDetail,
});

export const updateFolder = defineOperation({
  id: "updateFolder",
  method: "PATCH",
  path: "/v1/folders/{folderId}",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Folders",
  summary: "Rename or recolour a folder.",
  params: FolderParams,
  body: UpdateFolderBody,
  status: 200,
  response: Folder,
});

export const deleteFolder = defineOperation({
  id: "deleteFolder",
  method: "DELETE",
  path: "/v1/folders/{folderId}",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Folders",
  summary: "Move a folder to the trash, or with `permanent=true` delete it and its contents irreversibly.",
  params: FolderParams,
  query: DeleteQuery,
  status: 200,
  response: deletionOf("folder"),
});

export const moveFolder = defineOperation({
  id: "moveFolder",
  method: "POST",
  path: "/v1/folders/{folderId}/move",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Folders",
  summary: "Move a folder to a library's top level or into another folder, with all its descendants.",
  params: FolderParams,
  body: MoveFolderBody,
  status: 200,
  response: Folder,
});

export const restoreFolder = defineOperation({
  id: "restoreFolder",
  method: "POST",
  path: "/v1/folders/{folderId}/restore",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Folders",
  summary: "Restore a trashed folder with its subtree.",
  params: FolderParams,
  status: 200,
  response: Folder,
});

export const folderOperations = [
  listFolders,
  createFolder,
  getFolder,
  updateFolder,
  deleteFolder,
  moveFolder,
  restoreFolder,
];
