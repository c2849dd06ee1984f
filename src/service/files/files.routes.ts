import {
  copyFile,
  deleteFile,
  getFile,
  listFiles,
  moveFile,
  restoreFile,
  setFilePropertyValue,
  updateFile,
} from "../../contract/operations/files.ts";
import { route } from "../platform/route.ts";
import * as list from "./file-list.ts";
import * as service from "./files.service.ts";
import * as properties from "./property-values.service.ts";

export function filesRoutes() {
  return [
    route(listFiles, (ctx) => list.listFiles(ctx, ctx.query)),
    route(getFile, (ctx) => service.getFile(ctx, ctx.params)),
    route(updateFile, (ctx) => service.updateFile(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteFile, (ctx) => service.deleteFile(ctx, { ...ctx.params, ...ctx.query })),
    route(moveFile, (ctx) => service.moveFile(ctx, { ...ctx.params, to: ctx.body })),
    route(copyFile, (ctx) => service.copyFile(ctx, { ...ctx.params, to: ctx.body })),
    route(restoreFile, (ctx) => service.restoreFile(ctx, ctx.params)),
    route(setFilePropertyValue, (ctx) => properties.setPropertyValue(ctx, { ...ctx.params, ...ctx.body })),
  ];
}
