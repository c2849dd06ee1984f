import {
  createSharedLink,
  deleteSharedLink,
  getSharedLink,
  listFileSharedLinks,
  listSharedLinks,
  updateSharedLink,
} from "../../contract/operations/shared-links.ts";
import { route } from "../platform/route.ts";
import * as links from "./shared-links.service.ts";

export function sharedLinksRoutes() {
  return [
    route(listSharedLinks, (ctx) => links.listSharedLinks(ctx, ctx.query)),
    route(createSharedLink, (ctx) => links.createSharedLink(ctx, ctx.body)),
    route(getSharedLink, (ctx) => links.getSharedLink(ctx, ctx.params)),
    route(updateSharedLink, (ctx) => links.updateSharedLink(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteSharedLink, (ctx) => links.deleteSharedLink(ctx, ctx.params)),
    route(listFileSharedLinks, (ctx) => links.listFileSharedLinks(ctx, { ...ctx.params, ...ctx.query })),
  ];
}
