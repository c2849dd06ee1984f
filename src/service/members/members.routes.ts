import { getBrandspace, getMember, listMembers, listRoles } from "../../contract/operations/meta.ts";
import { toPage } from "../platform/cursor.ts";
import { notFound } from "../platform/errors.ts";
import { route } from "../platform/route.ts";
import { toMember } from "./members.mapper.ts";
import * as repo from "./members.repository.ts";

export function membersRoutes() {
  return [
    route(getBrandspace, async ({ auth, db }) => {
      const brandspace = await repo.findBrandspace(db, auth.brandspace.id);
      if (!brandspace) throw notFound("brandspace");
      return {
        object: "brandspace",
        id: brandspace.id,
        name: brandspace.name,
        region: brandspace.region,
        plan: brandspace.plan,
        member_count: await repo.countMembers(db, brandspace.id),
        created_at: brandspace.createdAt.toISOString(),
      };
    }),
    route(listMembers, async ({ auth, db, deps, query }) => {
      const listing = `members:${auth.brandspace.id}`;
      const after = query.cursor ? (deps.cursors.decode(listing, query.cursor) as [string, string]) : null;
      const rows = await repo.listMembers(db, auth.brandspace.id, query.limit + 1, after);
      return toPage(rows, query.limit, {
        codec: deps.cursors,
        listing,
        keyOf: (r) => [r.createdAt.toISOString(), r.userId],
        toItem: toMember,
      });
    }),
    route(getMember, async ({ auth, db, params }) => {
      const member = await repo.findMember(db, auth.brandspace.id, params.user_id);
      if (!member) throw notFound("member");
      return toMember(member);
    }),
    route(listRoles, async ({ auth, db, deps, query }) => {
      const listing = `roles:${auth.brandspace.id}`;
      const after = query.cursor ? (deps.cursors.decode(listing, query.cursor) as [number, string]) : null;
      const rows = await repo.listRoles(db, auth.brandspace.id, query.limit + 1, after);
      return toPage(rows, query.limit, {
        codec: deps.cursors,
        listing,
        keyOf: (r) => [r.position, r.id],
        toItem: (r) => ({
          object: "role" as const,
          id: r.id,
          name: r.name,
          slug: r.slug,
          description: r.description,
          is_default: r.isDefault,
          permissions: r.permissions,
        }),
      });
    }),
  ];
}
