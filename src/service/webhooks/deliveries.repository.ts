import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { DeliveryStatus } from "../../contract/webhooks.ts";
import { type Db, rowsOf } from "../db/client.ts";
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

/** Pending attempts of disabled endpoints become parked; they are not sent until the endpoint is enabled. */
export async function parkDisabled(db: Db): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries d set status = 'parked', lease_until = null
    from webhooks w
    where w.id = d.webhook_id and not w.enabled and d.status = 'pending'
      and (d.lease_until is null or d.lease_until <= now())`);
}

/** Parked attempts of a re-enabled endpoint are due again at once. */
export async function unparkWebhook(db: Db, webhookId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "pending", scheduledAt: sql`now()`, leaseUntil: null })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, "parked")));
}

/**
 * Leases due attempts of enabled endpoints in event order, at most `perEndpoint` in flight per endpoint, so that a
 * slow receiver cannot take every sender. The conditional update makes a concurrent claim of the same row lose.
 */
export async function claimDueDeliveries(
  db: Db,
  claim: { limit: number; perEndpoint: number; leaseMs: number },
): Promise<DeliveryRow[]> {
  const candidates = rowsOf<{ id: string }>(
    await db.execute(sql`
      with in_flight as (
        select webhook_id, count(*)::int as n from webhook_deliveries
        where status = 'pending' and lease_until > now() group by webhook_id
      ), ranked as (
        select d.id, d.webhook_id, d.scheduled_at, d.event_seq,
          row_number() over (partition by d.webhook_id order by d.scheduled_at, d.event_seq, d.id) as rn
        from webhook_deliveries d join webhooks w on w.id = d.webhook_id and w.enabled
        where d.status = 'pending' and d.scheduled_at <= now()
          and (d.lease_until is null or d.lease_until <= now())
      )
      select r.id from ranked r left join in_flight i on i.webhook_id = r.webhook_id
      where r.rn + coalesce(i.n, 0) <= ${claim.perEndpoint}
      order by r.scheduled_at, r.event_seq, r.id
      limit ${claim.limit}`),
  );
  if (candidates.length === 0) return [];
  return db
    .update(webhookDeliveries)
    .set({ leaseUntil: sql`now() + ${`${claim.leaseMs} milliseconds`}::interval` })
    .where(
      and(
        inArray(
          webhookDeliveries.id,
          candidates.map((c) => c.id),
        ),
        eq(webhookDeliveries.status, "pending"),
        or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
}

/** Settles an attempt still pending; false when it was settled already (a resend after a lapsed lease). */
export async function settleDelivery(
  db: Db,
  id: string,
  result: Pick<
    DeliveryRow,
    "status" | "deliveredAt" | "httpStatus" | "durationMs" | "errorCode" | "responseExcerpt"
  >,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ ...result, leaseUntil: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending")))
    .returning({ id: webhookDeliveries.id });
  return rows.length === 1;
}

/** The earliest moment a pending attempt of an enabled endpoint falls due, for the dispatcher's next wake-up. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`
      select min(greatest(d.scheduled_at, coalesce(d.lease_until, d.scheduled_at))) as at
      from webhook_deliveries d join webhooks w on w.id = d.webhook_id and w.enabled
      where d.status = 'pending'`),
  );
  return row?.at ? new Date(row.at) : null;
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
