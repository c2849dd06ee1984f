import {
  deleteBoardGrant,
  deleteLibraryGrant,
  listBoardGrants,
  listLibraryGrants,
  setBoardGrant,
  setLibraryGrant,
} from "../../contract/operations/access.ts";
import { route } from "../platform/route.ts";
import * as service from "./grants.service.ts";

const library = (id: string) => ({ type: "library" as const, id });
const board = (id: string) => ({ type: "board" as const, id });

export function grantsRoutes() {
  return [
    route(listLibraryGrants, (ctx) => service.listItemGrants(ctx, library(ctx.params.libraryId), ctx.query)),
    route(setLibraryGrant, (ctx) =>
      service.setItemGrant(ctx, {
        target: library(ctx.params.libraryId),
        userId: ctx.params.userId,
        ...ctx.body,
      }),
    ),
    route(deleteLibraryGrant, (ctx) =>
      service.deleteItemGrant(ctx, { target: library(ctx.params.libraryId), userId: ctx.params.userId }),
    ),
    route(listBoardGrants, (ctx) => service.listItemGrants(ctx, board(ctx.params.boardId), ctx.query)),
    route(setBoardGrant, (ctx) =>
      service.setItemGrant(ctx, {
        target: board(ctx.params.boardId),
        userId: ctx.params.userId,
        ...ctx.body,
      }),
    ),
    route(deleteBoardGrant, (ctx) =>
      service.deleteItemGrant(ctx, { target: board(ctx.params.boardId), userId: ctx.params.userId }),
    ),
  ];
}
