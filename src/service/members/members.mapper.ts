import type { Member } from "../../contract/meta.ts";
import type { MemberRow, RoleListRow } from "./members.repository.ts";

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

export function toRole(row: RoleListRow) {
  return {
    object: "role" as const,
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    is_default: row.isDefault,
    permissions: row.permissions,
  };
}
