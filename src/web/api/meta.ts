import {
  getBrandspace,
  getUsage,
  listEventTypes,
  listMembers,
  listRoles,
} from "../../contract/operations/meta.ts";
import type { Output } from "./client.ts";
import { apiQuery, apiQueryAll } from "./query.ts";

/** The rate-limit counters; the usage page refetches them on its own interval. */
export const usageQuery = () => apiQuery(getUsage);
export const brandspaceQuery = () => apiQuery(getBrandspace);
export const membersQuery = () => apiQueryAll(listMembers);
/** Same key as the roles that `useAccess` reads, so both share one answer. */
export const rolesQuery = () => ({ ...apiQueryAll(listRoles), staleTime: 5 * 60_000 });
/** The event catalogue (one unpaginated list) only grows with a new release of the service: fetched once. */
export const eventTypesQuery = () => ({
  ...apiQuery(listEventTypes),
  staleTime: Number.POSITIVE_INFINITY,
  select: (list: Output<typeof listEventTypes>) => list.data,
});
