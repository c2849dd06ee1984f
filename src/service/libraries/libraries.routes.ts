import {
  createLibrary,
  deleteLibrary,
  getLibrary,
  listLibraries,
  updateLibrary,
} from "../../contract/operations/libraries.ts";
import { route } from "../platform/route.ts";
import * as service from "./libraries.service.ts";

export function librariesRoutes() {
  return [
    route(listLibraries, (ctx) => service.listLibraries(ctx, ctx.query)),
    route(createLibrary, (ctx) => service.createLibrary(ctx, ctx.body)),
    route(getLibrary, (ctx) => service.getLibraryDetail(ctx, ctx.params)),
    route(updateLibrary, (ctx) => service.updateLibrary(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteLibrary, (ctx) => service.deleteLibrary(ctx, ctx.params)),
  ];
}
