import { EVENT_CATALOGUE } from "../../contract/events.ts";
import { RATE_COUNTERS, type UsageHistoryGranularity } from "../../contract/meta.ts";
import { requirePermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { readCounters, readUsageHistory } from "../platform/rate-limits.ts";

/** The caller's key, brandspace, creator, limits and hosts. */
export function keyContext({ deps, auth }: ServiceContext) {
  return {
    object: "key_context" as const,
    brandspace: { id: auth.brandspace.id, name: auth.brandspace.name, region: auth.brandspace.region },
    key: {
      id: auth.key.id,
      name: auth.key.name,
      prefix: auth.key.prefix,
      region: auth.key.region,
      region_stale: auth.key.region !== auth.brandspace.region,
      scopes: auth.key.scopes as never,
      created_at: auth.key.createdAt.toISOString(),
      last_used_at: auth.key.lastUsedAt?.toISOString() ?? null,
    },
    creator: { id: auth.user.id, name: auth.user.name, email: auth.user.email, role: auth.role },
    plan: { name: auth.brandspace.plan },
    limits: Object.fromEntries(
      RATE_COUNTERS.map((c) => [
        c,
        { limit: deps.config.rateLimits[c].limit, window: deps.config.rateLimits[c].window.text },
      ]),
    ) as never,
    hosts: {
      central: deps.config.centralUrl,
      regional: regionalUrlOf(deps.config, auth.brandspace.region),
    },
  };
}

/** Every rate counter of the brandspace: its limit, what is used and when it resets. */
export async function usage({ deps, auth }: ServiceContext, query: { history?: UsageHistoryGranularity }) {
  requirePermission(auth, "usage.view", "view usage");
  const states = await readCounters(deps.db, deps.rateCounters, auth.brandspace.id, deps.config.rateLimits);
  const counters = Object.fromEntries(
    states.map((s) => [
      s.counter,
      // Requests refused once a counter was used up used nothing: `used` stops at the limit, and `used +
      // remaining` is always the limit.
      {
        limit: s.limit,
        used: Math.min(s.used, s.limit),
        remaining: s.remaining,
        resets_at: s.resetsAt.toISOString(),
      },
    ]),
  );
  const history = query.history
    ? await readUsageHistory(deps.db, deps.rateCounters, auth.brandspace.id, query.history)
    : undefined;
  return { object: "usage", ...counters, ...(history ? { history } : {}) } as never;
}

/** The event catalogue in its declared order. */
export function listEventTypes({ deps }: ServiceContext, page: PageRequest) {
  return paginate(deps.cursors, page, {
    name: "event-types",
    fetch: async (limit, after: [string] | null) => {
      const start = after === null ? 0 : EVENT_CATALOGUE.findIndex((row) => row.type === after[0]) + 1;
      return EVENT_CATALOGUE.slice(start, start + limit);
    },
    keyOf: (row): [string] => [row.type],
    present: (rows) => rows.map((row) => ({ object: "event_type" as const, ...row })),
  });
}
