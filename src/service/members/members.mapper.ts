import type { Member } from "../../contract/meta.ts";
import type { MemberRow } from "./members.repository.ts";

export function toMember(row: MemberRow): Member {
  return {
    object: "member",
    id: row.userId,
    name: row.name,
    email: row.email,
    role: { id: row.roleId, slug: row.roleSlug, name: row.roleName },
    status: row.status,
    joined_at: row.joinedAt?.toISOString() ?? null,
  };
}
