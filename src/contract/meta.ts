import { z } from "zod";
import { Id, NullableTimestamp, Timestamp } from "./common.ts";
import { ScopeSchema } from "./scopes.ts";

export const RATE_COUNTERS = ["sustained", "month", "search", "uploads", "downloads"] as const;
export type RateCounter = (typeof RATE_COUNTERS)[number];

export const PLANES = ["central", "regional", "both"] as const;
export type Plane = (typeof PLANES)[number];

const Check = z.enum(["ok", "down", "not_checked"]);

export const HEALTH_PROBES = ["ready", "live"] as const;

export const Health = z
  .object({
    object: z.literal("health"),
    status: z.enum(["ok", "degraded", "draining"]),
    probe: z.enum(HEALTH_PROBES),
    plane: z.enum(["central", "regional"]),
    region: z.string(),
    version: z.string(),
    checks: z.object({ database: Check, storage: Check, queue: Check }),
  })
  .meta({ id: "Health" });

export const HealthQuery = z.strictObject({
  probe: z.enum(HEALTH_PROBES).default("ready").meta({
    description:
      "`ready` (default): the dependencies are checked; 503 when one is down or the process is draining. `live`: only that the process answers, for a liveness probe that must not restart a process because its database is away.",
  }),
});

const CounterLimit = z.object({ limit: z.number().int(), window: z.string() });

export const KeyContext = z
  .object({
    object: z.literal("key_context"),
    brandspace: z.object({ id: Id, name: z.string(), region: z.string() }),
    key: z.object({
      id: Id,
      name: z.string(),
      prefix: z.string(),
      region: z.string(),
      region_stale: z.boolean(),
      scopes: z.array(ScopeSchema),
      created_at: Timestamp,
      last_used_at: NullableTimestamp,
    }),
    creator: z.object({
      id: Id,
      name: z.string(),
      email: z.string(),
      role: z.object({ id: Id, slug: z.string(), name: z.string() }),
    }),
    plan: z.object({ name: z.string() }),
    limits: z.object({
      sustained: CounterLimit,
      month: CounterLimit,
      search: CounterLimit,
      uploads: CounterLimit,
      downloads: CounterLimit,
    }),
    hosts: z.object({ central: z.string(), regional: z.string() }),
  })
  .meta({ id: "KeyContext" });
export type KeyContext = z.infer<typeof KeyContext>;

const UsageCounter = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  resets_at: Timestamp,
});
export const USAGE_HISTORY_GRANULARITIES = ["minute", "day"] as const;
export type UsageHistoryGranularity = (typeof USAGE_HISTORY_GRANULARITIES)[number];
/** How many buckets a history holds: the last hour by minute, the last 30 days by UTC day. */
export const USAGE_HISTORY_BUCKETS: Record<UsageHistoryGranularity, number> = { minute: 60, day: 30 };

export const UsageQuery = z.strictObject({
  history: z.enum(USAGE_HISTORY_GRANULARITIES).optional().meta({
    description:
      "Adds `history`: what each counter counted per minute over the last hour (`minute`) or per UTC day over the last 30 days (`day`).",
  }),
});

const UsageBucket = z.object({
  start: Timestamp,
  sustained: z.number().int(),
  month: z.number().int(),
  search: z.number().int(),
  uploads: z.number().int(),
  downloads: z.number().int(),
});

export const UsageHistory = z
  .object({
    granularity: z.enum(USAGE_HISTORY_GRANULARITIES),
    buckets: z.array(UsageBucket).meta({
      description:
        "Oldest first, every bucket present (zero when nothing was counted); the last is the current one.",
    }),
  })
  .meta({ id: "UsageHistory" });
export type UsageHistory = z.infer<typeof UsageHistory>;

export const Usage = z
  .object({
    object: z.literal("usage"),
    sustained: UsageCounter,
    month: UsageCounter,
    search: UsageCounter,
    uploads: UsageCounter,
    downloads: UsageCounter,
    history: UsageHistory.optional().meta({ description: "Only when asked for with `history`." }),
  })
  .meta({ id: "Usage" });
export type Usage = z.infer<typeof Usage>;

export const Brandspace = z
  .object({
    object: z.literal("brandspace"),
    id: Id,
    name: z.string(),
    region: z.string(),
    plan: z.string(),
    member_count: z.number().int(),
    created_at: Timestamp,
  })
  .meta({ id: "Brandspace" });

export const RoleRef = z.object({ id: Id, slug: z.string(), name: z.string() });
export const MEMBER_STATUSES = ["active", "invited", "deactivated"] as const;
export const Member = z
  .object({
    object: z.literal("member"),
    id: Id,
    name: z.string(),
    email: z.string(),
    role: RoleRef,
    status: z.enum(MEMBER_STATUSES),
    joined_at: NullableTimestamp,
  })
  .meta({ id: "Member" });
export type Member = z.infer<typeof Member>;

export const Role = z
  .object({
    object: z.literal("role"),
    id: Id,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    is_default: z.boolean(),
    permissions: z.array(z.string()),
  })
  .meta({ id: "Role" });
export type Role = z.infer<typeof Role>;
