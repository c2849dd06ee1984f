import { z } from "zod";
import {
  Board,
  BoardFile,
  BoardFilesBatch,
  BoardFilesBody,
  BoardFilesRemoval,
  BoardWithProperties,
  CreateBoardBody,
  UpdateBoardBody,
} from "../boards.ts";
import { deletionOf, listOf, PaginationQuery } from "../common.ts";
import { FileListQuery, PropertyValue, SearchSummary, SetPropertyValueBody } from "../files.ts";
import { defineOperation } from "../operation.ts";
import {
  CreateOptionBody,
  CreatePropertyBody,
  Option,
  Property,
  UpdateOptionBody,
  UpdatePropertyBody,
} from "../properties.ts";

const BoardParams = z.strictObject({ boardId: z.string() });
const BoardPropertyParams = z.strictObject({ boardId: z.string(), propertyId: z.string() });
const BoardOptionParams = z.strictObject({
  boardId: z.string(),
  propertyId: z.string(),
  optionId: z.string(),
});
const base = { plane: "regional", auth: "key", tag: "Boards" } as const;

export const listBoards = defineOperation({
  ...base,
  id: "listBoards",
  method: "GET",
  path: "/v1/boards",
  scope: "boards:read",
  summary:
    "Boards the creator can see (all with `boards.manage_all`, else granted ones): pinned first, then by position.",
  query: PaginationQuery,
  status: 200,
  response: listOf(Board),
});

export const createBoard = defineOperation({
  ...base,
  id: "createBoard",
  method: "POST",
  path: "/v1/boards",
  scope: "boards:write",
  summary: "Create a board, placed last; its creator is granted manage access.",
  body: CreateBoardBody,
  status: 201,
  response: Board,
});

export const getBoard = defineOperation({
  ...base,
  id: "getBoard",
  method: "GET",
  path: "/v1/boards/{boardId}",
  scope: "boards:read",
  summary: "A board and the creator's access (its properties: `GET /v1/boards/{boardId}/properties`).",
  params: BoardParams,
  status: 200,
  response: Board,
});

export const updateBoard = defineOperation({
  ...base,
  id: "updateBoard",
  method: "PATCH",
  path: "/v1/boards/{boardId}",
  scope: "boards:write",
  summary: "Change only the fields sent: name, color and emoji first, then pinned; `position` reorders.",
  params: BoardParams,
  body: UpdateBoardBody,
  status: 200,
  response: BoardWithProperties,
});

export const deleteBoard = defineOperation({
  ...base,
  id: "deleteBoard",
  method: "DELETE",
  path: "/v1/boards/{boardId}",
  scope: "boards:write",
  summary: "Delete a board with its properties and their values; its files stay where they are.",
  params: BoardParams,
  status: 200,
  response: deletionOf("board"),
});

export const listBoardProperties = defineOperation({
  ...base,
  id: "listBoardProperties",
  method: "GET",
  path: "/v1/boards/{boardId}/properties",
  scope: "boards:read",
  summary: "The board's properties in position order, each with its options.",
  params: BoardParams,
  query: PaginationQuery,
  status: 200,
  response: listOf(Property),
});

export const createBoardProperty = defineOperation({
  ...base,
  id: "createBoardProperty",
  method: "POST",
  path: "/v1/boards/{boardId}/properties",
  scope: "boards:write",
  summary: "Create a board property, appended last.",
  params: BoardParams,
  body: CreatePropertyBody,
  status: 201,
  response: Property,
});

export const getBoardProperty = defineOperation({
  ...base,
  id: "getBoardProperty",
  method: "GET",
  path: "/v1/boards/{boardId}/properties/{propertyId}",
  scope: "boards:read",
  summary: "A board property with its options.",
  params: BoardPropertyParams,
  status: 200,
  response: Property,
});

export const updateBoardProperty = defineOperation({
  ...base,
  id: "updateBoardProperty",
  method: "PATCH",
  path: "/v1/boards/{boardId}/properties/{propertyId}",
  scope: "boards:write",
  summary: "Rename, reorder, hide or change the selection mode of a board property; its type never changes.",
  params: BoardPropertyParams,
  body: UpdatePropertyBody,
  status: 200,
  response: Property,
});

export const deleteBoardProperty = defineOperation({
  ...base,
  id: "deleteBoardProperty",
  method: "DELETE",
  path: "/v1/boards/{boardId}/properties/{propertyId}",
  scope: "boards:write",
  summary: "Delete a board property and clear its values.",
  params: BoardPropertyParams,
  status: 200,
  response: deletionOf("property"),
});

export const createBoardPropertyOption = defineOperation({
  ...base,
  id: "createBoardPropertyOption",
  method: "POST",
  path: "/v1/boards/{boardId}/properties/{propertyId}/options",
  scope: "boards:write",
  summary: "Add an option to a board status or tag property.",
  params: BoardPropertyParams,
  body: CreateOptionBody,
  status: 201,
  response: Option,
});

export const updateBoardPropertyOption = defineOperation({
  ...base,
  id: "updateBoardPropertyOption",
  method: "PATCH",
  path: "/v1/boards/{boardId}/properties/{propertyId}/options/{optionId}",
  scope: "boards:write",
  summary: "Relabel, recolour, hide or move an option of a board property.",
  params: BoardOptionParams,
  body: UpdateOptionBody,
  status: 200,
  response: Option,
});

export const deleteBoardPropertyOption = defineOperation({
  ...base,
  id: "deleteBoardPropertyOption",
  method: "DELETE",
  path: "/v1/boards/{boardId}/properties/{propertyId}/options/{optionId}",
  scope: "boards:write",
  summary: "Delete an option of a board property and clear it from every file that used it.",
  params: BoardOptionParams,
  status: 200,
  response: deletionOf("option"),
});

export const listBoardFiles = defineOperation({
  ...base,
  id: "listBoardFiles",
  method: "GET",
  path: "/v1/boards/{boardId}/files",
  scope: "boards:read",
  summary:
    "Files on the board that the creator can see, with the file list's parameters; each carries its board property values.",
  params: BoardParams,
  query: FileListQuery,
  status: 200,
  response: listOf(BoardFile).extend({ search: SearchSummary.optional() }),
});

export const addBoardFiles = defineOperation({
  ...base,
  id: "addBoardFiles",
  method: "POST",
  path: "/v1/boards/{boardId}/files",
  scope: "boards:write",
  summary:
    "Add up to 1,000 files: each is `added` or `already_present`; one id the key cannot serve fails the whole batch with 404.",
  params: BoardParams,
  body: BoardFilesBody,
  status: 200,
  response: BoardFilesBatch,
});

export const removeBoardFiles = defineOperation({
  ...base,
  id: "removeBoardFiles",
  method: "DELETE",
  path: "/v1/boards/{boardId}/files",
  scope: "boards:write",
  summary:
    "Take up to 1,000 files off the board: each is `removed` or `not_present`; their board values go too.",
  params: BoardParams,
  body: BoardFilesBody,
  status: 200,
  response: BoardFilesRemoval,
});

export const setBoardFilePropertyValue = defineOperation({
  ...base,
  id: "setBoardFilePropertyValue",
  method: "PUT",
  path: "/v1/boards/{boardId}/files/{fileId}/properties/{propertyId}",
  scope: "boards:write",
  summary: "Set (or with `{value: null}` clear) a board property value on a file of the board.",
  params: z.strictObject({ boardId: z.string(), fileId: z.string(), propertyId: z.string() }),
  body: SetPropertyValueBody,
  status: 200,
  response: PropertyValue,
});

export const listFileBoards = defineOperation({
  ...base,
  id: "listFileBoards",
  method: "GET",
  path: "/v1/files/{fileId}/boards",
  scope: "boards:read",
  summary: "The boards the file is on that the creator can see, pinned first, then by position.",
  params: z.strictObject({ fileId: z.string() }),
  query: PaginationQuery,
  status: 200,
  response: listOf(Board),
});

export const boardOperations = [
  listBoards,
  createBoard,
  getBoard,
  updateBoard,
  deleteBoard,
  listBoardProperties,
  createBoardProperty,
  getBoardProperty,
  updateBoardProperty,
  deleteBoardProperty,
  createBoardPropertyOption,
  updateBoardPropertyOption,
  deleteBoardPropertyOption,
  listBoardFiles,
  addBoardFiles,
  removeBoardFiles,
  setBoardFilePropertyValue,
  listFileBoards,
];
