import {
  addBoardFiles,
  listBoardFiles,
  listFileBoards,
  removeBoardFiles,
  setBoardFilePropertyValue,
} from "../../contract/operations/boards.ts";
import { route } from "../platform/route.ts";
import * as service from "./board-files.service.ts";

export function boardFilesRoutes() {
  return [
    route(listBoardFiles, (ctx) => service.listBoardFiles(ctx, { ...ctx.params, query: ctx.query })),
    route(addBoardFiles, (ctx) =>
      service.changeBoardFiles(ctx, { ...ctx.params, fileIds: ctx.body.file_ids, change: "add" }),
    ),
    route(removeBoardFiles, (ctx) =>
      service.removeBoardFiles(ctx, { ...ctx.params, fileIds: ctx.body.file_ids }),
    ),
    route(setBoardFilePropertyValue, (ctx) =>
      service.setBoardFilePropertyValue(ctx, { ...ctx.params, value: ctx.body.value }),
    ),
    route(listFileBoards, (ctx) => service.listFileBoards(ctx, { ...ctx.params, page: ctx.query })),
  ];
}
