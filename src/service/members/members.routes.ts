import { getBrandspace, getMember, listMembers, listRoles } from "../../contract/operations/meta.ts";
import { route } from "../platform/route.ts";
import * as service from "./brandspace.service.ts";

export function membersRoutes() {
  return [
    route(getBrandspace, (ctx) => service.getBrandspace(ctx)),
    route(listMembers, (ctx) => service.listMembers(ctx, ctx.query)),
    route(getMember, (ctx) => service.getMember(ctx, ctx.params)),
    route(listRoles, (ctx) => service.listRoles(ctx, ctx.query)),
  ];
}
