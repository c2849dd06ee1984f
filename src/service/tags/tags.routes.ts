import { listTags, removeTag, renameTag } from "../../contract/operations/files.ts";
import { route } from "../platform/route.ts";
import * as changes from "./tag-changes.service.ts";
import * as service from "./tags.service.ts";

export function tagsRoutes() {
  return [
    route(listTags, (ctx) => service.listTags(ctx, ctx.query)),
    route(renameTag, (ctx) => changes.renameTag(ctx, ctx.body)),
    route(removeTag, (ctx) => changes.removeTag(ctx, ctx.body)),
  ];
}
