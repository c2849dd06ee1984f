import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { DeliveryStatus } from "../../contract/webhooks.ts";
import type { Db } from "../db/client.ts";
import { webhookDeliveries } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDeliveryRow = typeof webhookDeliveries.$inferInsert;

/** Inserts attempts; a second fan-out of the same (event, endpoint) or a second row for one attempt is a no-op. */
export async function insertDeliveries(db: Db, rows: NewDeliveryRow[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning();
}

/** Newest first, optionally one status, after an optional keyset position. */
export function listDeliveryRows(
  db: Db,
  webhookId: string,
  filter: { status?: DeliveryStatus; limit: number; after: [string, string] | null },
) {
  const { status, limit, after } = filter;
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        status ? eq(webhookDeliveries.status, status) : undefined,
        after
          ? keysetAfter(
              [webhookDeliveries.createdAt, webhookDeliveries.id],
              [sql`${after[0]}::timestamptz`, sql`${after[1]}`],
              "desc",
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: Db, webhookId: string, id: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

/** Parked attempts of a re-enabled endpoint are due again at once. */
export async function unparkWebhook(db: Db, webhookId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "pending", scheduledAt: sql`now()` })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, "parked")));
}

/** Exhausted attempts of an endpoint since a moment (for the `failing` auto-disable rule). */
export async function countExhaustedSince(db: Db, webhookId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.status, "exhausted"),
        sql`${webhookDeliveries.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The newest delivery of each of these events to the endpoint: the source a replay points to and its outcome. */
export async function latestDeliveries(db: Db, webhookId: string, eventIds: string[]) {
  const latest = new Map<string, { id: string; status: DeliveryStatus }>();
  if (eventIds.length === 0) return latest;
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      status: webhookDeliveries.status,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), inArray(webhookDeliveries.eventId, eventIds)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  for (const row of rows) if (!latest.has(row.eventId)) latest.set(row.eventId, row);
  return latest;
}

/** Every attempt of one chain, attempt 1 first. */
export function listChain(db: Db, webhookId: string, chainId: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.chainId, chainId)))
    .orderBy(asc(webhookDeliveries.attempt));
}

/** Attempts created since a moment, answered (success, or failed and exhausted) per hour, and those pending. */
export async function outcomesByHour(db: Db, webhookId: string, since: Date) {
  return db
    .select({
      hour: sql<string>`date_trunc('hour', ${webhookDeliveries.createdAt}, 'UTC')`,
      succeeded: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'success')::int`,
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} in ('failed', 'exhausted'))::int`,
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} in ('pending', 'parked'))::int`,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), gte(webhookDeliveries.createdAt, since)))
    .groupBy(sql`1`);
}

/** The newest attempt that was answered (or failed to connect), if any: read backwards along the list index. */
export async function lastAnswered(db: Db, webhookId: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), isNotNull(webhookDeliveries.deliveredAt)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(1);
  return row ?? null;
}
