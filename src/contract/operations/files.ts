import { z } from "zod";
import { deletionOf, listOf, PaginationQuery, pageLimit } from "../common.ts";
import {
  DeleteQuery,
  DownloadQuery,
  DownloadUrl,
  File,
  FileDestinationBody,
  ListedFile,
  ListFilesQuery,
  ListTagsQuery,
  PropertyValue,
  RemoveTagBody,
  RenameTagBody,
  SearchSummary,
  SetPropertyValueBody,
  SimilarFile,
  TagChange,
  TagInUse,
  UpdateFileBody,
  Version,
} from "../files.ts";
import { defineOperation } from "../operation.ts";

const FileParams = z.strictObject({ fileId: z.string() });
const VersionParams = z.strictObject({ fileId: z.string(), versionId: z.string() });

export const listFiles = defineOperation({
  id: "listFiles",
  method: "GET",
  path: "/v1/files",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  tag: "Files",
  summary:
    "Files the creator can see (base fields; `include=properties` adds each file's brandspace property values); folders never included. `q` consumes the search counter.",
  query: ListFilesQuery,
  status: 200,
  response: listOf(ListedFile).extend({ search: SearchSummary.optional() }),
});

export const getFile = defineOperation({
  id: "getFile",
  method: "GET",
  path: "/v1/files/{fileId}",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  tag: "Files",
  summary: "Retrieve a file with its extended fields.",
  params: FileParams,
  status: 200,
  response: File,
});

export const updateFile = defineOperation({
  id: "updateFile",
  method: "PATCH",
  path: "/v1/files/{fileId}",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary: "Rename a file, set its tags or its published flag.",
  params: FileParams,
  body: UpdateFileBody,
  status: 200,
  response: File,
});

export const deleteFile = defineOperation({
  id: "deleteFile",
  method: "DELETE",
  path: "/v1/files/{fileId}",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary: "Move a file to the trash, or with `permanent=true` delete it irreversibly.",
  params: FileParams,
  query: DeleteQuery,
  status: 200,
  response: deletionOf("file"),
});

export const getFileDownload = defineOperation({
  id: "getFileDownload",
  method: "GET",
  path: "/v1/files/{fileId}/download",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  counters: ["downloads"],
  tag: "Files",
  summary: "A signed download URL that lives 15 minutes.",
  params: FileParams,
  query: DownloadQuery,
  status: 200,
  response: DownloadUrl,
});

export const listSimilarFiles = defineOperation({
  id: "listSimilarFiles",
  method: "GET",
  path: "/v1/files/{fileId}/similar",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  tag: "Files",
  summary: "Visually similar files, best first.",
  params: FileParams,
  query: PaginationQuery.extend({ limit: pageLimit(20) }),
  status: 200,
  response: listOf(SimilarFile),
});

export const moveFile = defineOperation({
  id: "moveFile",
  method: "POST",
  path: "/v1/files/{fileId}/move",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary: "Move a file to a library's top level, a folder, or its library's top level (`to_root`).",
  params: FileParams,
  body: FileDestinationBody,
  status: 200,
  response: File,
});

export const copyFile = defineOperation({
  id: "copyFile",
  method: "POST",
  path: "/v1/files/{fileId}/copy",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary: "Copy a file's active version, tags and property values to a destination.",
  params: FileParams,
  body: FileDestinationBody,
  status: 200,
  response: File,
});

export const setFilePropertyValue = defineOperation({
  id: "setFilePropertyValue",
  method: "PUT",
  path: "/v1/files/{fileId}/properties/{propertyId}",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary: "Set (or with `{value: null}` clear) a brandspace property value on a file.",
  params: z.strictObject({ fileId: z.string(), propertyId: z.string() }),
  body: SetPropertyValueBody,
  status: 200,
  response: PropertyValue,
});

export const restoreFile = defineOperation({
  id: "restoreFile",
  method: "POST",
  path: "/v1/files/{fileId}/restore",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary: "Restore a trashed file to its folder, or its library's top level when the folder is gone.",
  params: FileParams,
  status: 200,
  response: File,
});

export const listVersions = defineOperation({
  id: "listVersions",
  method: "GET",
  path: "/v1/files/{fileId}/versions",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  tag: "Versions",
  summary: "Versions of a file, newest first.",
  params: FileParams,
  query: PaginationQuery,
  status: 200,
  response: listOf(Version),
});

export const getVersion = defineOperation({
  id: "getVersion",
  method: "GET",
  path: "/v1/files/{fileId}/versions/{versionId}",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  tag: "Versions",
  summary: "One version of a file.",
  params: VersionParams,
  status: 200,
  response: Version,
});

export const activateVersion = defineOperation({
  id: "activateVersion",
  method: "POST",
  path: "/v1/files/{fileId}/versions/{versionId}/activate",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Versions",
  summary: "Make a version the file's active version.",
  params: VersionParams,
  status: 200,
  response: Version,
});

export const deleteVersion = defineOperation({
  id: "deleteVersion",
  method: "DELETE",
  path: "/v1/files/{fileId}/versions/{versionId}",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Versions",
  summary: "Delete an inactive version (the active one: 409).",
  params: VersionParams,
  status: 200,
  response: deletionOf("version"),
});

export const listTags = defineOperation({
  id: "listTags",
  method: "GET",
  path: "/v1/tags",
  plane: "regional",
  auth: "key",
  scope: "files:read",
  tag: "Files",
  summary:
    "Tags on the files the creator can see (trashed ones left out), the most used first, then by text: for suggesting a tag as it is typed.",
  query: ListTagsQuery,
  status: 200,
  response: listOf(TagInUse),
});

export const renameTag = defineOperation({
  id: "renameTag",
  method: "POST",
  path: "/v1/tags/rename",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary:
    "Rename a tag on every untrashed file the creator can edit (or those of one library); a file that already has the new tag keeps it once, which merges two tags. Each file changed gets its file.updated event.",
  body: RenameTagBody,
  status: 200,
  response: TagChange,
});

export const removeTag = defineOperation({
  id: "removeTag",
  method: "POST",
  path: "/v1/tags/remove",
  plane: "regional",
  auth: "key",
  scope: "files:write",
  tag: "Files",
  summary:
    "Take a tag off every untrashed file the creator can edit (or those of one library). Each file changed gets its file.updated event.",
  body: RemoveTagBody,
  status: 200,
  response: TagChange,
});

export const fileOperations = [
  listFiles,
  getFile,
  updateFile,
  deleteFile,
  getFileDownload,
  listSimilarFiles,
  listTags,
  renameTag,
  removeTag,
  moveFile,
  copyFile,
  setFilePropertyValue,
  restoreFile,
  listVersions,
  getVersion,
  activateVersion,
  deleteVersion,
];

export const getContent = defineOperation({
  id: "getContent",
  method: "GET",
  path: "/v1/content/{fileId}/{versionId}/{variant}",
  plane: "regional",
  auth: "none",
  tag: "Files",
  summary:
    "Bytes of a version or one of its renditions, at a signed URL from the download operation or a file's `*_url` fields. Supports Range and ETag.",
  params: z.strictObject({
    fileId: z.string(),
    versionId: z.string(),
    variant: z.enum(["original", "thumbnail", "preview", "frames", "scrub"]),
  }),
  query: z.strictObject({ expires: z.string(), signature: z.string() }),
  status: 200,
  response: z.string().meta({ description: "The bytes." }),
});
