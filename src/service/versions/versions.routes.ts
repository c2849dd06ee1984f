import { activateVersion, deleteVersion, getVersion, listVersions } from "../../contract/operations/files.ts";
import { route } from "../platform/route.ts";
import * as service from "./versions.service.ts";

export function versionsRoutes() {
  return [
    route(listVersions, (ctx) => service.listVersions(ctx, { ...ctx.params, ...ctx.query })),
    route(getVersion, (ctx) => service.getVersion(ctx, ctx.params)),
    route(activateVersion, (ctx) => service.activateVersion(ctx, ctx.params)),
    route(deleteVersion, (ctx) => service.deleteVersion(ctx, ctx.params)),
  ];
}
