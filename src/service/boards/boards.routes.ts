import {
  createBoard,
  createBoardProperty,
  createBoardPropertyOption,
  deleteBoard,
  deleteBoardProperty,
  deleteBoardPropertyOption,
  getBoard,
  getBoardProperty,
  listBoardProperties,
  listBoards,
  updateBoard,
  updateBoardProperty,
  updateBoardPropertyOption,
} from "../../contract/operations/boards.ts";
import { route } from "../platform/route.ts";
import * as boardProperties from "./board-properties.service.ts";
import * as service from "./boards.service.ts";

export function boardsRoutes() {
  return [
    route(listBoards, (ctx) => service.listBoards(ctx, ctx.query)),
    route(createBoard, (ctx) => service.createBoard(ctx, ctx.body)),
    route(getBoard, (ctx) => service.getBoard(ctx, ctx.params)),
    route(updateBoard, (ctx) => service.updateBoard(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteBoard, (ctx) => service.deleteBoard(ctx, ctx.params)),
    route(listBoardProperties, (ctx) =>
      boardProperties.listBoardProperties(ctx, { ...ctx.params, page: ctx.query }),
    ),
    route(createBoardProperty, (ctx) =>
      boardProperties.createBoardProperty(ctx, { ...ctx.params, body: ctx.body }),
    ),
    route(getBoardProperty, (ctx) => boardProperties.getBoardProperty(ctx, ctx.params)),
    route(updateBoardProperty, (ctx) =>
      boardProperties.updateBoardProperty(ctx, { ...ctx.params, changes: ctx.body }),
    ),
    route(deleteBoardProperty, (ctx) => boardProperties.deleteBoardProperty(ctx, ctx.params)),
    route(createBoardPropertyOption, (ctx) =>
      boardProperties.createBoardOption(ctx, { ...ctx.params, body: ctx.body }),
    ),
    route(updateBoardPropertyOption, (ctx) =>
      boardProperties.updateBoardOption(ctx, { ...ctx.params, changes: ctx.body }),
    ),
    route(deleteBoardPropertyOption, (ctx) => boardProperties.deleteBoardOption(ctx, ctx.params)),
  ];
}
