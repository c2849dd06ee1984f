import { z } from "zod";
import { deletionOf, listOf, PaginationQuery } from "../common.ts";
import { CreateLibraryBody, Library, LibraryDetail, UpdateLibraryBody } from "../libraries.ts";
import { defineOperation } from "../operation.ts";

const LibraryParams = z.strictObject({ libraryId: z.string() });

export const listLibraries = defineOperation({
  id: "listLibraries",
  method: "GET",
  path: "/v1/libraries",
  plane: "regional",
  auth: "key",
  scope: "libraries:read",
  tag: "Libraries",
  summary: "Libraries the key's creator can see, oldest first.",
  query: PaginationQuery,
  status: 200,
  response: listOf(Library),
});

export const createLibrary = defineOperation({
  id: "createLibrary",
  method: "POST",
  path: "/v1/libraries",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Libraries",
  summary: "Create a library; its creator is granted manage access.",
  body: CreateLibraryBody,
  status: 201,
  response: Library,
});

export const getLibrary = defineOperation({
  id: "getLibrary",
  method: "GET",
  path: "/v1/libraries/{libraryId}",
  plane: "regional",
  auth: "key",
  scope: "libraries:read",
  tag: "Libraries",
  summary: "A library with its counts.",
  params: LibraryParams,
  status: 200,
  response: LibraryDetail,
});

export const updateLibrary = defineOperation({
  id: "updateLibrary",
  method: "PATCH",
  path: "/v1/libraries/{libraryId}",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Libraries",
  summary: "Rename a library or change its description.",
  params: LibraryParams,
  body: UpdateLibraryBody,
  status: 200,
  response: Library,
});

export const deleteLibrary = defineOperation({
  id: "deleteLibrary",
  method: "DELETE",
  path: "/v1/libraries/{libraryId}",
  plane: "regional",
  auth: "key",
  scope: "libraries:write",
  tag: "Libraries",
  summary: "Delete a library permanently with all its contents.",
  params: LibraryParams,
  status: 200,
  response: deletionOf("library"),
});

export const libraryOperations = [listLibraries, createLibrary, getLibrary, updateLibrary, deleteLibrary];
