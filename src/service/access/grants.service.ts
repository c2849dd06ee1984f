import type { Grant } from "../../contract/access.ts";
import type { AccessLevel } from "../../contract/permissions.ts";
import type { Db } from "../db/client.ts";
import { findMember } from "../members/members.repository.ts";
import { memberByEmail } from "../members/members.service.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { requireBoardAccess } from "./board-access.ts";
import * as repo from "./grants.repository.ts";
import { requireLibraryAccess } from "./library-access.ts";

export type { GrantRow, GrantTarget } from "./grants.repository.ts";

interface GrantRef {
  brandspaceId: string;
  email: string;
  target: repo.GrantTarget;
}

async function memberAndTarget(db: Db, { brandspaceId, email, target }: GrantRef) {
  const member = await memberByEmail(db, brandspaceId, email);
  const item = await repo.findTarget(db, brandspaceId, target);
  if (!item) throw notFound(target.type, { id: target.id });
  return { member, item };
}

/**
 * Gives a member access to a library or board (`view < comment < edit < manage`), or another level of it: what
 * their keys can see and do there from the next request on (visibility is read from the grants each time).
 */
export async function grantAccess(db: Db, ref: GrantRef & { access: AccessLevel }) {
  const { member, item } = await memberAndTarget(db, ref);
  await repo.upsertGrant(db, ref.target, member.userId, ref.access);
  return item;
}

/** Takes a member's access to a library or board away; `404` when they had none. */
export async function revokeAccess(db: Db, ref: GrantRef) {
  const { member, item } = await memberAndTarget(db, ref);
  if (!(await repo.deleteGrant(db, ref.target, member.userId))) {
    throw notFound("grant", { email: ref.email, [ref.target.type]: ref.target.id });
  }
  return item;
}

/** The grants of the brandspace, or of one member. */
export async function listGrants(db: Db, { brandspaceId, email }: { brandspaceId: string; email?: string }) {
  const member = email ? await memberByEmail(db, brandspaceId, email) : undefined;
  return repo.listGrants(db, brandspaceId, member?.userId);
}

// The API's side (our extension): the grants of one library or board, read by anyone who sees it, changed by
// whoever may manage it.

const toGrant = (row: repo.ItemGrantRow): Grant => ({
  object: "grant",
  user: { id: row.userId, name: row.name, email: row.email },
  access: row.access,
  created_at: row.createdAt.toISOString(),
});

function requireAccess(ctx: ServiceContext, target: repo.GrantTarget, needed: AccessLevel) {
  return target.type === "library"
    ? requireLibraryAccess(ctx, target.id, needed)
    : requireBoardAccess(ctx, target.id, needed);
}

export async function listItemGrants(ctx: ServiceContext, target: repo.GrantTarget, page: PageRequest) {
  await requireAccess(ctx, target, "view");
  return paginate(ctx.deps.cursors, page, {
    name: `grants:${target.type}:${target.id}`,
    fetch: (limit, after: [string, string] | null) => repo.grantsOn(ctx.db, target, { limit, after }),
    keyOf: (row) => [row.createdAt.toISOString(), row.userId],
    present: (rows) => rows.map(toGrant),
  });
}

/** Gives `userId` (a member) `access` to the item, or changes its level; the caller needs manage access. */
export async function setItemGrant(
  ctx: ServiceContext,
  { target, userId, access }: { target: repo.GrantTarget; userId: string; access: AccessLevel },
) {
  await requireAccess(ctx, target, "manage");
  if (!(await findMember(ctx.db, ctx.auth.brandspace.id, userId))) throw notFound("member");
  await repo.upsertGrant(ctx.db, target, userId, access);
  const [row] = await repo.grantsOn(ctx.db, target, { limit: 1, userId });
  return toGrant(row!);
}

/** Takes `userId`'s grant on the item away; the caller needs manage access. */
export async function deleteItemGrant(
  ctx: ServiceContext,
  { target, userId }: { target: repo.GrantTarget; userId: string },
) {
  await requireAccess(ctx, target, "manage");
  if (!(await repo.deleteGrant(ctx.db, target, userId))) throw notFound("grant");
  return { object: "grant" as const, id: userId, deleted: true as const, permanent: true, trashed_at: null };
}
