import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns.ts";
import { brandspaces } from "./tenancy.ts";

export const webhooks = pgTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    /** Catalogue tokens, or `["*"]` for every type including later additions. */
    events: jsonb("events").$type<string[]>().notNull(),
    enabled: boolean("enabled").notNull(),
    disabledReason: text("disabled_reason").$type<"manual" | "failing" | "gone">(),
    /** AES-256-GCM with the keyring's webhook key: a database dump alone does not reveal it. */
    secretSealed: text("secret_sealed").notNull(),
    secretHint: text("secret_hint").notNull(),
    /** The secret before the last roll; it keeps signing until `previous_secret_expires_at`. */
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: ts("previous_secret_expires_at"),
    lastSuccessAt: ts("last_success_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhooks_brandspace_created").on(t.brandspaceId, t.createdAt)],
);

/** One row per attempt; the attempts of one chain share `chain_id` (the id of attempt 1). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id").notNull(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    chainId: text("chain_id").notNull(),
    // No foreign key: events are pruned after 30 days while delivery history may outlive them.
    eventId: text("event_id").notNull(),
    eventSeq: bigint("event_seq", { mode: "number" }).notNull(),
    eventType: text("event_type").notNull(),
    status: text("status").$type<"pending" | "success" | "failed" | "exhausted" | "parked">().notNull(),
    attempt: integer("attempt").notNull(),
    origin: text("origin").$type<"fanout" | "redeliver" | "replay" | "test">().notNull(),
    replayedFromId: text("replayed_from_id"),
    scheduledAt: ts("scheduled_at").notNull(),
    deliveredAt: ts("delivered_at"),
    httpStatus: integer("http_status"),
    durationMs: integer("duration_ms"),
    errorCode: text("error_code"),
    responseExcerpt: text("response_excerpt"),
    requestId: text("request_id").notNull(),
    /** Where the attempt went and the signature it carried (the body is rebuilt from the event). */
    sentUrl: text("sent_url"),
    sentSignature: text("sent_signature"),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per attempt of a chain. A fan-out's (and a test's) chain is named after its event and endpoint
    // (`fanOutChainId`), so this also makes exactly one fan-out chain per (event, endpoint), however often the
    // dispatcher runs, without an index of its own: every row version of an attempt wrote an entry in one.
    uniqueIndex("webhook_deliveries_chain_attempt").on(t.chainId, t.attempt),
    index("webhook_deliveries_list").on(t.webhookId, t.createdAt),
    // Each endpoint's queue of pending attempts in claim order: a claim reads its range from the front, or from
    // after the last attempt its sender holds, however long the backlog or the history; so does the search for the
    // next retry. Nothing but a settle changes an indexed column of a pending attempt.
    index("webhook_deliveries_queue")
      .on(t.webhookId, t.scheduledAt, t.eventSeq, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The dispatch loop sending an endpoint's attempts, until `lease_until`: only it sends them, so it keeps the
 * endpoint's bound on attempts in flight in its own memory, and an attempt needs no lease of its own (a lease was
 * one of an attempt's three row versions). It renews the lease with every claim while it has attempts of the
 * endpoint due or in hand, and deletes it when it stops; a loop that died holds it until it lapses, and another
 * then sends the pending attempts again (at least once).
 */
export const webhookSenders = pgTable("webhook_senders", {
  webhookId: text("webhook_id")
    .primaryKey()
    .references(() => webhooks.id, { onDelete: "cascade" }),
  leasedBy: text("leased_by").notNull(),
  leaseUntil: ts("lease_until").notNull(),
});

export const webhookReplays = pgTable(
  "webhook_replays",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id").notNull(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    since: ts("since").notNull(),
    until: ts("until"),
    eventTypes: jsonb("event_types").$type<string[]>(),
    onlyFailed: boolean("only_failed").notNull(),
    status: text("status").$type<"queued" | "running" | "completed">().notNull(),
    eventCount: integer("event_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_replays_list").on(t.webhookId, t.createdAt)],
);
