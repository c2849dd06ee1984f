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
/** The counters with what each counted per minute (last hour) or per day (last 30 days). */
export const usageHistoryQuery = (history: "minute" | "day") => ({
  ...apiQuery(getUsage, { query: { history } }),
  select: (usage: Output<typeof getUsage>) => usage.history!,
});
export const brandspaceQuery = () => apiQuery(getBrandspace);
/** Members change rarely (from the admin command line), and several screens name people by their id. */
export const membersQuery = () => ({ ...apiQueryAll(listMembers), staleTime: 5 * 60_000 });
/** The roles and their permissions; `useAccess` reads them too. */
export const rolesQuery = () => ({ ...apiQueryAll(listRoles), staleTime: 5 * 60_000 });
/** The event catalogue (one unpaginated list) only grows with a new release of the service: fetched once. */
export const eventTypesQuery = () => ({
  ...apiQuery(listEventTypes),
  staleTime: Number.POSITIVE_INFINITY,
  select: (list: Output<typeof listEventTypes>) => list.data,
});
