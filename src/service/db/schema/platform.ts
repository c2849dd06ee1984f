import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, NOW, ts, updatedAt } from "./columns.ts";

/** The events outbox: written in the same transaction as the change it reports. */
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    /** Insertion order; consumers read in this order. */
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    brandspaceId: text("brandspace_id").notNull(),
    type: text("type").notNull(),
    occurredAt: ts("occurred_at").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    requestId: text("request_id"),
    /** Set when the webhook dispatcher created this event's deliveries, in the same transaction. */
    fannedOutAt: ts("fanned_out_at"),
  },
  (t) => [
    index("events_fanout_pending").on(t.seq).where(sql`${t.fannedOutAt} is null`),
    index("events_brandspace_time").on(t.brandspaceId, t.occurredAt),
    // Retention prunes by age across brandspaces.
    index("events_occurred").on(t.occurredAt),
  ],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    apiKeyId: text("api_key_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<"in_flight" | "completed">().notNull(),
    /** The request that holds the key while in flight; only it may complete the key. */
    owner: text("owner"),
    /** While in flight: after this moment the owner is presumed dead and a retry may take over. */
    lockedUntil: ts("locked_until"),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

export const rateCounters = pgTable(
  "rate_counters",
  {
    brandspaceId: text("brandspace_id").notNull(),
    counter: text("counter").notNull(),
    windowStart: ts("window_start").notNull(),
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandspaceId, t.counter, t.windowStart] })],
);

/**
 * What the rate counters counted, per minute (kept two days) and per UTC day (kept 62 days), for the usage
 * history: the counters' own windows follow the configured limits and reset, these buckets do not.
 */
export const usageHistory = pgTable(
  "usage_history",
  {
    brandspaceId: text("brandspace_id").notNull(),
    granularity: text("granularity").$type<"minute" | "day">().notNull(),
    bucketStart: ts("bucket_start").notNull(),
    counter: text("counter").notNull(),
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandspaceId, t.granularity, t.bucketStart, t.counter] })],
);

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"queued" | "running" | "succeeded" | "failed">().notNull(),
    runAt: ts("run_at").notNull().default(NOW),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedBy: text("locked_by"),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    /** At most one queued or running job per key (e.g. one processing job per version). */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("jobs_claim").on(t.status, t.runAt),
    // The hourly cleanup deletes finished jobs by age; the queue itself never reads finished rows.
    index("jobs_finished").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    uniqueIndex("jobs_dedupe_active").on(t.dedupeKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** Recurring work: each row fires at most once per interval across all processes. */
export const schedules = pgTable("schedules", {
  name: text("name").primaryKey(),
  intervalMs: integer("interval_ms").notNull(),
  nextRunAt: ts("next_run_at").notNull(),
});
