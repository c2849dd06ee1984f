import { and, asc, count, eq, exists, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { brandspaces, files, members, roles, users } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";

const memberColumns = {
  userId: members.userId,
  name: users.name,
  email: users.email,
  status: members.status,
  joinedAt: members.joinedAt,
  createdAt: members.createdAt,
  roleId: roles.id,
  roleSlug: roles.slug,
  roleName: roles.name,
};
type RoleRow = typeof roles.$inferSelect;
/** A member with the user's name and email and the role's id, slug and name. */
export type MemberRow = Pick<typeof members.$inferSelect, "userId" | "status" | "joinedAt" | "createdAt"> &
  Pick<typeof users.$inferSelect, "name" | "email"> & {
    roleId: RoleRow["id"];
    roleSlug: RoleRow["slug"];
    roleName: RoleRow["name"];
  };

function memberQuery(db: Db) {
  return db
    .select(memberColumns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(roles, eq(roles.id, members.roleId));
}

/** Members in join order (created_at, user id), after an optional keyset position. */
export async function listMembers(
  db: Db,
  brandspaceId: string,
  limit: number,
  after: [string, string] | null,
) {
  return memberQuery(db)
    .where(
      and(
        eq(members.brandspaceId, brandspaceId),
        after
          ? keysetAfter(
              [members.createdAt, members.userId],
              [sql`${after[0]}::timestamptz`, sql`${after[1]}`],
              "asc",
            )
          : undefined,
      ),
    )
    .orderBy(asc(members.createdAt), asc(members.userId))
    .limit(limit);
}

export async function findMember(db: Db, brandspaceId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await memberQuery(db).where(
    and(eq(members.brandspaceId, brandspaceId), eq(members.userId, userId)),
  );
  return row ?? null;
}

export async function findBrandspace(db: Db, brandspaceId: string) {
  const [row] = await db
    .select({
      id: brandspaces.id,
      name: brandspaces.name,
      region: brandspaces.region,
      plan: brandspaces.plan,
      createdAt: brandspaces.createdAt,
    })
    .from(brandspaces)
    .where(eq(brandspaces.id, brandspaceId));
  return row ?? null;
}

export async function countMembers(db: Db, brandspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.brandspaceId, brandspaceId), ne(members.status, "deactivated")));
  return Number(row?.n ?? 0);
}

export type RoleListRow = Pick<
  RoleRow,
  "id" | "name" | "slug" | "description" | "isDefault" | "permissions" | "position"
>;

/** Roles in their display order (position, id). */
export async function listRoles(
  db: Db,
  brandspaceId: string,
  limit: number,
  after: [number, string] | null,
): Promise<RoleListRow[]> {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      slug: roles.slug,
      description: roles.description,
      isDefault: roles.isDefault,
      permissions: roles.permissions,
      position: roles.position,
    })
    .from(roles)
    .where(
      and(
        eq(roles.brandspaceId, brandspaceId),
        after
          ? keysetAfter([roles.position, roles.id], [sql`${after[0]}::int`, sql`${after[1]}`], "asc")
          : undefined,
      ),
    )
    .orderBy(asc(roles.position), asc(roles.id))
    .limit(limit);
}

export async function findRoleBySlug(db: Db, brandspaceId: string, slug: string) {
  const [row] = await db
    .select({ id: roles.id, slug: roles.slug, name: roles.name })
    .from(roles)
    .where(and(eq(roles.brandspaceId, brandspaceId), eq(roles.slug, slug)));
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function insertUser(db: Db, user: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(user);
}

export async function insertMember(db: Db, member: typeof members.$inferInsert): Promise<void> {
  await db.insert(members).values(member);
}

export async function deleteMember(db: Db, brandspaceId: string, userId: string): Promise<void> {
  await db.delete(members).where(and(eq(members.brandspaceId, brandspaceId), eq(members.userId, userId)));
}

export async function updateMemberRole(db: Db, brandspaceId: string, userId: string, roleId: string) {
  await db
    .update(members)
    .set({ roleId })
    .where(and(eq(members.brandspaceId, brandspaceId), eq(members.userId, userId)));
}

/** Of these user ids, the ones that are members of the brandspace. */
export async function memberIdsAmong(db: Db, brandspaceId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: members.userId })
    .from(members)
    .where(and(eq(members.brandspaceId, brandspaceId), inArray(members.userId, userIds)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The ids among `userIds` that name a member of the brandspace, now or before: a file keeps its uploader's id
 * after that member leaves, and filtering by it still works.
 */
export async function memberOrFormerIdsAmong(
  db: Db,
  brandspaceId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(members)
              .where(and(eq(members.userId, users.id), eq(members.brandspaceId, brandspaceId))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(files)
              .where(and(eq(files.createdById, users.id), eq(files.brandspaceId, brandspaceId))),
          ),
        ),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
