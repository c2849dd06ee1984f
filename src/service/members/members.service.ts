import { announceAuthChange, invalidateAuthCache } from "../platform/auth-cache.ts";
import type { SystemContext } from "../platform/context.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import * as repo from "./members.repository.ts";

/** Members are managed by operators (the admin command line, the seed), with no caller and only the database. */
export type MembersContext = Pick<SystemContext, "db">;

const memberData = (m: { userId: string; name: string; roleSlug: string }) => ({
  object: "member",
  id: m.userId,
  name: m.name,
  role: m.roleSlug,
});

export interface AddMemberInput {
  brandspaceId: string;
  email: string;
  name?: string;
  roleSlug: string;
  status?: "active" | "invited";
}

type MemberRef = { brandspaceId: string; email: string };

/** Adds a user (created on first sight) to the brandspace with a role; emits `member.added`. */
export async function addMember({ db }: MembersContext, input: AddMemberInput) {
  const role = await repo.findRoleBySlug(db, input.brandspaceId, input.roleSlug);
  if (!role) throw notFound("role", { slug: input.roleSlug });
  let user = await repo.findUserByEmail(db, input.email);
  if (!user) {
    user = { id: newId("user"), name: input.name ?? nameFromEmail(input.email), email: input.email };
    await repo.insertUser(db, user);
  }
  if (await repo.findMember(db, input.brandspaceId, user.id)) {
    throw new ApiError("conflict", `${input.email} is already a member.`);
  }
  const status = input.status ?? "active";
  await repo.insertMember(db, {
    brandspaceId: input.brandspaceId,
    userId: user.id,
    roleId: role.id,
    status,
    joinedAt: status === "active" ? new Date() : null,
  });
  await emit(db, {
    brandspaceId: input.brandspaceId,
    type: "member.added",
    actor: actors.system(),
    data: memberData({ userId: user.id, name: user.name, roleSlug: role.slug }),
  });
  return (await repo.findMember(db, input.brandspaceId, user.id))!;
}

/** Removes a member; their keys stop working at once. Emits `member.removed`. */
export async function removeMember({ db }: MembersContext, { brandspaceId, email }: MemberRef) {
  const member = await memberByEmail(db, brandspaceId, email);
  await repo.deleteMember(db, brandspaceId, member.userId);
  await emit(db, { brandspaceId, type: "member.removed", actor: actors.system(), data: memberData(member) });
  invalidateAuthCache();
  await announceAuthChange(db);
  return member;
}

/** Gives a member another role; emits `member.role_changed`. */
export async function setMemberRole(
  { db }: MembersContext,
  { brandspaceId, email, roleSlug }: MemberRef & { roleSlug: string },
) {
  const member = await memberByEmail(db, brandspaceId, email);
  const role = await repo.findRoleBySlug(db, brandspaceId, roleSlug);
  if (!role) throw notFound("role", { slug: roleSlug });
  if (member.roleId === role.id) return member;
  await repo.updateMemberRole(db, brandspaceId, member.userId, role.id);
  const updated = { ...member, roleId: role.id, roleSlug: role.slug, roleName: role.name };
  await emit(db, {
    brandspaceId,
    type: "member.role_changed",
    actor: actors.system(),
    data: memberData(updated),
  });
  invalidateAuthCache();
  await announceAuthChange(db);
  return updated;
}

/** The member of the brandspace with this email, or `404 not_found`. */
export async function memberByEmail(db: MembersContext["db"], brandspaceId: string, email: string) {
  const user = await repo.findUserByEmail(db, email);
  const member = user ? await repo.findMember(db, brandspaceId, user.id) : null;
  if (!member) throw notFound("member", { email });
  return member;
}

function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? email;
  return local.replace(/[._-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}
