import { SEED_ROLES } from "../../contract/permissions.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import type { Db } from "../db/client.ts";
import { boardGrants, boards, brandspaces, libraries, libraryGrants, roles } from "../db/schema/index.ts";
import { createApiKey } from "../keys/keys.service.ts";
import { addMember } from "../members/members.service.ts";
import { newId } from "../platform/ids.ts";

export const DEMO_USERS = [
  { email: "owner@example.com", name: "Olivia Owner", role: "owner" },
  { email: "editor@example.com", name: "Eddie Editor", role: "editor" },
  { email: "viewer@example.com", name: "Vera Viewer", role: "viewer" },
] as const;

export interface SeededBrandspace {
  brandspaceId: string;
  ownerKey: string;
  users: Record<(typeof DEMO_USERS)[number]["role"], { id: string; email: string }>;
  libraries: { shared: string; restricted: string };
  boards: { shared: string; restricted: string };
}

/** Creates one brandspace with its five roles. */
export async function createBrandspace(db: Db, input: { name: string; region: string; plan?: string }) {
  const id = newId("brandspace");
  await db
    .insert(brandspaces)
    .values({ id, name: input.name, region: input.region, plan: input.plan ?? "standard" });
  await db.insert(roles).values(
    SEED_ROLES.map((role, position) => ({
      id: newId("role"),
      brandspaceId: id,
      slug: role.slug,
      name: role.name,
      description: role.description,
      isDefault: role.isDefault,
      permissions: role.permissions,
      position,
    })),
  );
  return id;
}

/**
 * The demo brandspace of a first start: three users, a library and a board everyone is granted, and a restricted
 * library and board that only the editor is granted (the owner sees everything through its role).
 */
export async function seedDemo(
  db: Db,
  options: { name?: string; region?: string } = {},
): Promise<SeededBrandspace> {
  const brandspaceId = await createBrandspace(db, {
    name: options.name ?? "Demo",
    region: options.region ?? "us",
  });
  const users = {} as SeededBrandspace["users"];
  for (const u of DEMO_USERS) {
    const member = await addMember({ db }, { brandspaceId, email: u.email, name: u.name, roleSlug: u.role });
    users[u.role] = { id: member.userId, email: u.email };
  }
  const owner = users.owner.id;
  const library = (name: string, description: string) => ({
    id: newId("library"),
    brandspaceId,
    name,
    description,
    createdById: owner,
  });
  const shared = library("Brand Assets", "Logos, photography and templates for everyone.");
  const restricted = library("Confidential Launches", "Unannounced campaigns: editors with a grant only.");
  await db.insert(libraries).values([shared, restricted]);
  await db.insert(libraryGrants).values([
    { libraryId: shared.id, userId: users.editor.id, access: "edit" },
    { libraryId: shared.id, userId: users.viewer.id, access: "view" },
    { libraryId: restricted.id, userId: users.editor.id, access: "edit" },
  ]);
  const board = (name: string, color: string, emoji: string, position: number) => ({
    id: newId("board"),
    brandspaceId,
    name,
    color,
    emoji,
    position,
    createdById: owner,
  });
  const sharedBoard = board("Campaign 2026", "#3b82f6", "📣", 0);
  const restrictedBoard = board("Leadership Review", "#ef4444", "🔒", 1);
  await db.insert(boards).values([sharedBoard, restrictedBoard]);
  await db.insert(boardGrants).values([
    { boardId: sharedBoard.id, userId: users.editor.id, access: "edit" },
    { boardId: sharedBoard.id, userId: users.viewer.id, access: "view" },
    { boardId: restrictedBoard.id, userId: users.editor.id, access: "comment" },
  ]);
  const ownerKey = await createApiKey(
    { db },
    {
      brandspaceId,
      userEmail: users.owner.email,
      name: "Owner key (seeded)",
      scopes: [...ALL_SCOPES],
      region: options.region ?? "us",
    },
  );
  return {
    brandspaceId,
    ownerKey: ownerKey.key,
    users,
    libraries: { shared: shared.id, restricted: restricted.id },
    boards: { shared: sharedBoard.id, restricted: restrictedBoard.id },
  };
}
