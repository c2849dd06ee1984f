import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { brandspaces, members, roles, users } from "../db/schema/index.ts";
import type { AuthContext } from "../platform/auth.ts";

/**
 * The caller a visitor's request runs as: the member who created the shared item, with no key and no scopes.
 * Every read then goes through the ordinary visibility rules, so a link never shows more than its creator may see
 * (and nothing once the creator leaves). Null when the creator is no longer an active member.
 */
export async function actingAsCreator(
  db: Db,
  brandspaceId: string,
  userId: string,
): Promise<AuthContext | null> {
  const [row] = await db
    .select({
      brandspaceName: brandspaces.name,
      region: brandspaces.region,
      plan: brandspaces.plan,
      brandspaceCreatedAt: brandspaces.createdAt,
      userName: users.name,
      email: users.email,
      roleId: roles.id,
      roleSlug: roles.slug,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(members)
    .innerJoin(brandspaces, eq(brandspaces.id, members.brandspaceId))
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(roles, eq(roles.id, members.roleId))
    .where(
      and(eq(members.brandspaceId, brandspaceId), eq(members.userId, userId), eq(members.status, "active")),
    );
  if (!row) return null;
  return {
    key: {
      id: "visitor",
      name: "visitor",
      prefix: "",
      region: row.region,
      scopes: [],
      createdAt: new Date(0),
      lastUsedAt: null,
    },
    brandspace: {
      id: brandspaceId,
      name: row.brandspaceName,
      region: row.region,
      plan: row.plan,
      createdAt: row.brandspaceCreatedAt,
    },
    user: { id: userId, name: row.userName, email: row.email },
    role: { id: row.roleId, slug: row.roleSlug, name: row.roleName, permissions: row.permissions },
  };
}
