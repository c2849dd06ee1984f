import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { toMember, toRole } from "./members.mapper.ts";
import * as repo from "./members.repository.ts";

/** The caller's brandspace, with its member count. */
export async function getBrandspace({ db, auth }: ServiceContext) {
  const brandspace = await repo.findBrandspace(db, auth.brandspace.id);
  if (!brandspace) throw notFound("brandspace");
  return {
    object: "brandspace" as const,
    id: brandspace.id,
    name: brandspace.name,
    region: brandspace.region,
    plan: brandspace.plan,
    member_count: await repo.countMembers(db, brandspace.id),
    created_at: brandspace.createdAt.toISOString(),
  };
}

/** The brandspace's members in join order. */
export function listMembers(ctx: ServiceContext, page: PageRequest) {
  return paginate(ctx.deps.cursors, page, {
    name: `members:${ctx.auth.brandspace.id}`,
    fetch: (limit, after: [string, string] | null) =>
      repo.listMembers(ctx.db, ctx.auth.brandspace.id, limit, after),
    keyOf: (row) => [row.createdAt.toISOString(), row.userId],
    present: (rows) => rows.map(toMember),
  });
}

export async function getMember({ db, auth }: ServiceContext, { user_id }: { user_id: string }) {
  const member = await repo.findMember(db, auth.brandspace.id, user_id);
  if (!member) throw notFound("member");
  return toMember(member);
}

/** The brandspace's roles in display order. */
export function listRoles(ctx: ServiceContext, page: PageRequest) {
  return paginate(ctx.deps.cursors, page, {
    name: `roles:${ctx.auth.brandspace.id}`,
    fetch: (limit, after: [number, string] | null) =>
      repo.listRoles(ctx.db, ctx.auth.brandspace.id, limit, after),
    keyOf: (row) => [row.position, row.id],
    present: (rows) => rows.map(toRole),
  });
}
