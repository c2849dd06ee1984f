import { useQuery } from "@tanstack/react-query";
import type { Role } from "../../../contract/meta.ts";
import { rolesQuery } from "../../api/meta.ts";
import { cn } from "../../lib/cn.ts";
import { Badge } from "../ui/badge.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Section } from "./section.tsx";

function RoleCard({ role, yours }: { role: Role; yours: boolean }) {
  return (
    <li
      aria-labelledby={`role-${role.id}`}
      className={cn(
        "rounded-lg border p-4",
        yours ? "border-accent-500 dark:border-accent-500" : "border-zinc-200 dark:border-zinc-800",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`role-${role.id}`} className="font-medium">
          {role.name}
        </h3>
        {yours && <Badge tone="blue">The dashboard's role</Badge>}
        {role.is_default && <Badge tone="grey">Default for new members</Badge>}
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{role.description}</p>
      <ul className="mt-3 flex flex-wrap gap-1" aria-label={`Permissions of ${role.name}`}>
        {role.permissions.map((permission) => (
          <li key={permission}>
            <Badge tone="grey" className="font-mono">
              {permission}
            </Badge>
          </li>
        ))}
        {role.permissions.length === 0 && <li className="text-sm">No permissions</li>}
      </ul>
    </li>
  );
}

/** The brandspace's roles with their permissions; the dashboard's own role is marked. */
export function RolesSection({ roleId }: { roleId: string }) {
  const roles = useQuery(rolesQuery());
  return (
    <Section id="roles" title="Roles" description="A member's role bounds what they, and their keys, may do.">
      {roles.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : roles.error ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {roles.error.message}
        </p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {roles.data.map((role) => (
            <RoleCard key={role.id} role={role} yours={role.id === roleId} />
          ))}
        </ul>
      )}
    </Section>
  );
}
