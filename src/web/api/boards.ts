import { type QueryKey, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Board, BoardAccess, BoardWithProperties } from "../../contract/boards.ts";
import type { Operation } from "../../contract/operation.ts";
import {
  addBoardFiles,
  createBoard,
  createBoardProperty,
  createBoardPropertyOption,
  deleteBoard,
  deleteBoardProperty,
  deleteBoardPropertyOption,
  getBoard,
  listBoardFiles,
  listBoardProperties,
  listBoards,
  listFileBoards,
  removeBoardFiles,
  setBoardFilePropertyValue,
  updateBoard,
  updateBoardProperty,
  updateBoardPropertyOption,
} from "../../contract/operations/boards.ts";
import type { BrowseSearch } from "../lib/browse-search.ts";
import type { FilterDocument } from "../lib/filter-grammar.ts";
import type { Access, Denial } from "./access.ts";
import { type CallInput, call, type Output } from "./client.ts";
import { fileListInput } from "./files.ts";
import { apiInfiniteQuery, apiQuery, apiQueryAll, keyOf } from "./query.ts";

/** Every board the key sees, pinned first, then by position (the service's order). */
export const boardsQuery = () => apiQueryAll(listBoards);
/**
 * A board with its properties in position order (at most 100 a board): the board's GET leaves them out, so they
 * come from the board's property list, cached under the board's key (what a board or property change refetches).
 */
export const boardQuery = (boardId: string) =>
  queryOptions<BoardWithProperties>({
    queryKey: boardKey(boardId),
    queryFn: async ({ signal }) => {
      const params = { boardId };
      const [board, properties] = await Promise.all([
        call(getBoard, { params, signal }),
        call(listBoardProperties, { params, query: { limit: 100 }, signal }),
      ]);
      return { ...board, properties: properties.data };
    },
  });
/** The boards a file is on. */
export const fileBoardsQuery = (fileId: string) => apiQueryAll(listFileBoards, { params: { fileId } });

/** A board's files with the browse URL's search, sort and filters, plus a filter document (board values). */
export const boardFilesInput = (search: BrowseSearch, filter?: FilterDocument) =>
  fileListInput({}, filter ? { ...search, filter } : search);
export const boardFilesQuery = (boardId: string, search: BrowseSearch, filter?: FilterDocument) =>
  apiInfiniteQuery(listBoardFiles, { params: { boardId }, query: boardFilesInput(search, filter) });

/**
 * A board's cover on the Boards screen: its first files in the board's default order. 25 rather than the 4
 * thumbnails shown: the service answers one page at about the same cost, and a page of 25 gives most boards an
 * exact count (the API has none) while a bigger board reads "25+ files".
 */
export const BOARD_COVER_PAGE = 25;
export const boardCoverQuery = (boardId: string) =>
  apiQuery(listBoardFiles, { params: { boardId }, query: { limit: BOARD_COVER_PAGE } });

/** Prefixes of the cached answers a board change can touch. */
export const boardsKey = () => keyOf(listBoards);
export const boardKey = (boardId: string) => keyOf(getBoard, { params: { boardId } });
export const boardFilesKey = (boardId: string) => keyOf(listBoardFiles, { params: { boardId } });
export const fileBoardsKey = (fileId?: string) =>
  fileId ? keyOf(listFileBoards, { params: { fileId } }) : keyOf(listFileBoards);

const RANK: Record<BoardAccess, number> = { view: 0, comment: 1, edit: 2, manage: 3 };

/**
 * Why the user cannot change (`edit`) or delete (`manage`) a board, or null: the key's scope first, then the
 * access the board grants them.
 */
export function boardDenial(access: Access, board: Board, needs: "edit" | "manage"): Denial {
  const scope = access.denial("boards:write");
  if (scope) return scope;
  if (RANK[board.my_access] >= RANK[needs]) return null;
  return `You have ${board.my_access} access to this board; this needs ${needs} access.`;
}

/** A mutation's input; `idempotencyKey` only when a retry repeats an earlier action (one key per action). */
type Input<Op extends Operation> = Omit<CallInput<Op>, "signal">;

/**
 * One mutation of a board operation with its own Idempotency-Key per action (unless the input names the key of
 * the action it retries); on success the keys that `touches` names for this input are refetched (precise
 * prefixes, not whole operations).
 */
function useBoardMutation<Op extends Operation>(
  op: Op,
  touches: (input: Input<Op>, output: Output<Op>) => QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [op.id],
    mutationFn: (input: Input<Op>) =>
      call(op, { ...input, idempotencyKey: input.idempotencyKey ?? crypto.randomUUID() }),
    onSuccess: (output, input) =>
      Promise.all(touches(input, output).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

const boardIdOf = (input: { params?: { boardId?: string } }) => input.params?.boardId ?? "";

export const useCreateBoard = () => useBoardMutation(createBoard, () => [boardsKey()]);

/** Name, colour, emoji, pin or position: the list's order and every place that shows the board. */
export const useUpdateBoard = () =>
  useBoardMutation(updateBoard, (input) => [boardsKey(), boardKey(boardIdOf(input)), fileBoardsKey()]);

export const useDeleteBoard = () => useBoardMutation(deleteBoard, () => [boardsKey(), fileBoardsKey()]);

/** Files added or removed: the board's listing and the boards of each file. */
const fileChanges = (input: Input<typeof addBoardFiles>): QueryKey[] => [
  boardFilesKey(boardIdOf(input)),
  ...(input.body?.file_ids ?? []).map((fileId) => fileBoardsKey(fileId)),
];
export const useAddBoardFiles = () => useBoardMutation(addBoardFiles, fileChanges);
export const useRemoveBoardFiles = () => useBoardMutation(removeBoardFiles, fileChanges);

/** Adds files to a board outside a component (the bulk dialog counts the answer's statuses). */
export const addFilesToBoard = (boardId: string, fileIds: string[]) =>
  call(addBoardFiles, {
    params: { boardId },
    body: { file_ids: fileIds },
    idempotencyKey: crypto.randomUUID(),
  });

export const useSetBoardValue = () =>
  useBoardMutation(setBoardFilePropertyValue, (input) => [
    boardFilesKey(boardIdOf(input)),
    boardKey(boardIdOf(input)),
  ]);

/** A board property or option change: the board (its properties) and its listing (values, columns). */
const propertyChanges = (input: { params?: { boardId?: string } }): QueryKey[] => [
  boardKey(boardIdOf(input)),
  boardFilesKey(boardIdOf(input)),
];
export const useCreateBoardProperty = () => useBoardMutation(createBoardProperty, propertyChanges);
export const useUpdateBoardProperty = () => useBoardMutation(updateBoardProperty, propertyChanges);
export const useDeleteBoardProperty = () => useBoardMutation(deleteBoardProperty, propertyChanges);
export const useCreateBoardOption = () => useBoardMutation(createBoardPropertyOption, propertyChanges);
export const useUpdateBoardOption = () => useBoardMutation(updateBoardPropertyOption, propertyChanges);
export const useDeleteBoardOption = () => useBoardMutation(deleteBoardPropertyOption, propertyChanges);
