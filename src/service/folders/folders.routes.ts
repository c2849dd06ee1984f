import {
  createFolder,
  deleteFolder,
  getFolder,
  listFolders,
  moveFolder,
  restoreFolder,
  updateFolder,
} from "../../contract/operations/folders.ts";
import { route } from "../platform/route.ts";
import * as list from "./folder-list.ts";
import * as service from "./folders.service.ts";

export function foldersRoutes() {
  return [
    route(listFolders, (ctx) => list.listFolders(ctx, ctx.query)),
    route(createFolder, (ctx) => service.createFolder(ctx, ctx.body)),
    route(getFolder, (ctx) => service.getFolderDetail(ctx, ctx.params)),
    route(updateFolder, (ctx) => service.updateFolder(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteFolder, (ctx) => service.deleteFolder(ctx, { ...ctx.params, ...ctx.query })),
    route(moveFolder, (ctx) => service.moveFolder(ctx, { ...ctx.params, to: ctx.body })),
    route(restoreFolder, (ctx) => service.restoreFolder(ctx, ctx.params)),
  ];
}
