import { z } from "zod";
import { Grant, SetGrantBody } from "../access.ts";
import { deletionOf, listOf, PaginationQuery } from "../common.ts";
import { defineOperation } from "../operation.ts";

const base = { plane: "regional", auth: "key" } as const;
const LibraryGrantParams = z.strictObject({ libraryId: z.string(), userId: z.string() });
const BoardGrantParams = z.strictObject({ boardId: z.string(), userId: z.string() });

export const listLibraryGrants = defineOperation({
  ...base,
  id: "listLibraryGrants",
  method: "GET",
  path: "/v1/libraries/{libraryId}/grants",
  scope: "libraries:read",
  tag: "Libraries",
  summary:
    "Who has access to the library and at which level, oldest grant first (anyone who sees it may ask).",
  params: z.strictObject({ libraryId: z.string() }),
  query: PaginationQuery,
  status: 200,
  response: listOf(Grant),
});

export const setLibraryGrant = defineOperation({
  ...base,
  id: "setLibraryGrant",
  method: "PUT",
  path: "/v1/libraries/{libraryId}/grants/{userId}",
  scope: "libraries:write",
  tag: "Libraries",
  summary: "Give a member access to the library, or another level of it; needs manage access.",
  params: LibraryGrantParams,
  body: SetGrantBody,
  status: 200,
  response: Grant,
});

export const deleteLibraryGrant = defineOperation({
  ...base,
  id: "deleteLibraryGrant",
  method: "DELETE",
  path: "/v1/libraries/{libraryId}/grants/{userId}",
  scope: "libraries:write",
  tag: "Libraries",
  summary: "Take a member's access to the library away; needs manage access. The id answered is the user's.",
  params: LibraryGrantParams,
  status: 200,
  response: deletionOf("grant"),
});

export const listBoardGrants = defineOperation({
  ...base,
  id: "listBoardGrants",
  method: "GET",
  path: "/v1/boards/{boardId}/grants",
  scope: "boards:read",
  tag: "Boards",
  summary: "Who has access to the board and at which level, oldest grant first (anyone who sees it may ask).",
  params: z.strictObject({ boardId: z.string() }),
  query: PaginationQuery,
  status: 200,
  response: listOf(Grant),
});

export const setBoardGrant = defineOperation({
  ...base,
  id: "setBoardGrant",
  method: "PUT",
  path: "/v1/boards/{boardId}/grants/{userId}",
  scope: "boards:write",
  tag: "Boards",
  summary: "Give a member access to the board, or another level of it; needs manage access.",
  params: BoardGrantParams,
  body: SetGrantBody,
  status: 200,
  response: Grant,
});

export const deleteBoardGrant = defineOperation({
  ...base,
  id: "deleteBoardGrant",
  method: "DELETE",
  path: "/v1/boards/{boardId}/grants/{userId}",
  scope: "boards:write",
  tag: "Boards",
  summary: "Take a member's access to the board away; needs manage access. The id answered is the user's.",
  params: BoardGrantParams,
  status: 200,
  response: deletionOf("grant"),
});

export const libraryGrantOperations = [listLibraryGrants, setLibraryGrant, deleteLibraryGrant];
export const boardGrantOperations = [listBoardGrants, setBoardGrant, deleteBoardGrant];
