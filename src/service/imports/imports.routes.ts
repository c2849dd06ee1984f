import { createImport, getImport } from "../../contract/operations/imports.ts";
import { route } from "../platform/route.ts";
import * as imports from "./imports.service.ts";

export function importsRoutes() {
  return [
    route(createImport, (ctx) => imports.createImport(ctx, ctx.body)),
    route(getImport, (ctx) => imports.getImport(ctx, ctx.params)),
  ];
}
