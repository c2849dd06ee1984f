import { listTags } from "../../contract/operations/files.ts";
import { route } from "../platform/route.ts";
import * as service from "./tags.service.ts";

export function tagsRoutes() {
  return [route(listTags, (ctx) => service.listTags(ctx, ctx.query))];
}
