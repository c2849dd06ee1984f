import type { AccessLevel } from "../../contract/permissions.ts";
import type { Db } from "../db/client.ts";
import { memberByEmail } from "../members/members.service.ts";
import { notFound } from "../platform/errors.ts";
import * as repo from "./grants.repository.ts";

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
