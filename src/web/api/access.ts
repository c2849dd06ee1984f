import { useQuery } from "@tanstack/react-query";
import { getMe } from "../../contract/operations/meta.ts";
import type { Permission } from "../../contract/permissions.ts";
import { type Scope, scopeSatisfied } from "../../contract/scopes.ts";
import { rolesQuery } from "./meta.ts";
import { apiQuery } from "./query.ts";

export const meQuery = () => ({ ...apiQuery(getMe), staleTime: 5 * 60_000 });

/** Why a control is disabled, or null when it is allowed. */
export type Denial = string | null;

export interface Access {
  ready: boolean;
  /** Null when the dashboard's key holds the scope and its user's role grants the permission. */
  denial: (scope: Scope, permission?: Permission) => Denial;
  can: (scope: Scope, permission?: Permission) => boolean;
}

/**
 * What the dashboard's key may do: its scopes, and the permissions of the role of the user it acts as. Until
 * both are known every control counts as allowed; the service still refuses what is not.
 */
export function useAccess(): Access {
  const me = useQuery(meQuery());
  const roles = useQuery(rolesQuery());
  const role = roles.data?.find((r) => r.id === me.data?.creator.role.id);
  const denial = (scope: Scope, permission?: Permission): Denial => {
    if (!me.data) return null;
    if (!scopeSatisfied(me.data.key.scopes, scope)) {
      return `The dashboard's API key lacks the ${scope} scope.`;
    }
    if (permission && role && !role.permissions.includes(permission)) {
      return `Your role (${role.name}) does not allow this (${permission}).`;
    }
    return null;
  };
  return { ready: !!me.data, denial, can: (scope, permission) => denial(scope, permission) === null };
}
