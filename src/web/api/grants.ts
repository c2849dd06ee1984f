import {
  deleteBoardGrant,
  deleteLibraryGrant,
  listBoardGrants,
  listLibraryGrants,
  setBoardGrant,
  setLibraryGrant,
} from "../../contract/operations/access.ts";
import type { AccessLevel } from "../../contract/permissions.ts";
import { apiQueryAll, useApiMutation } from "./query.ts";

/** A library or board whose grants are shown and changed. */
export interface GrantTarget {
  type: "library" | "board";
  id: string;
  name: string;
}

/** Everyone with a grant on the target, oldest first. */
export const grantsQuery = (target: GrantTarget) =>
  target.type === "library"
    ? apiQueryAll(listLibraryGrants, { params: { libraryId: target.id } })
    : apiQueryAll(listBoardGrants, { params: { boardId: target.id } });

/** Give a member access to the target or change its level, and take it away; the grants list refreshes. */
export function useGrantChanges(target: GrantTarget) {
  const setOnLibrary = useApiMutation(setLibraryGrant, { invalidates: [listLibraryGrants] });
  const setOnBoard = useApiMutation(setBoardGrant, { invalidates: [listBoardGrants] });
  const deleteOnLibrary = useApiMutation(deleteLibraryGrant, { invalidates: [listLibraryGrants] });
  const deleteOnBoard = useApiMutation(deleteBoardGrant, { invalidates: [listBoardGrants] });
  const library = target.type === "library";
  return {
    pending: [setOnLibrary, setOnBoard, deleteOnLibrary, deleteOnBoard].some((m) => m.isPending),
    set: (userId: string, access: AccessLevel) =>
      library
        ? setOnLibrary.mutateAsync({ params: { libraryId: target.id, userId }, body: { access } })
        : setOnBoard.mutateAsync({ params: { boardId: target.id, userId }, body: { access } }),
    remove: (userId: string) =>
      library
        ? deleteOnLibrary.mutateAsync({ params: { libraryId: target.id, userId } })
        : deleteOnBoard.mutateAsync({ params: { boardId: target.id, userId } }),
  };
}
