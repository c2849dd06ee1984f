import { listSimilarFiles } from "../../contract/operations/files.ts";
import { route } from "../platform/route.ts";
import { similarFiles } from "./similar.service.ts";

export function similarRoutes() {
  return [route(listSimilarFiles, (ctx) => similarFiles(ctx, { ...ctx.params, ...ctx.query }))];
}
