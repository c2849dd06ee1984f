import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { webhookDeliveries } from "../db/schema/index.ts";
import type { DeliveryRow, NewDeliveryRow } from "./deliveries.repository.ts";

// Any constant works: it only has to be the same in every process that claims from this database.
const CLAIM_LOCK = 727_002;

export interface ClaimLimits {
  /** Attempts leased by this claim at most. */
  limit: number;
  /** Attempts in flight per endpoint at most, counting those leased by every process. */
  perEndpoint: number;
  /** The claiming dispatch loop: the leases it holds are its own, every other lease is another sender's. */
  owner: string;
  /**
   * Per endpoint id: how many of its attempts the owner may hold at once (in flight and waiting their turn in its
   * memory) while no other loop holds any; `perEndpoint` for an endpoint not named. The owner keeps the
   * endpoint's bound in flight itself, and every other loop counts all it holds as in flight.
   */
  ahead?: Record<string, number>;
  /**
   * The owner's leased attempts whose answers are in though not recorded yet (their recording commits beside this
   * claim): not in flight any more. Other processes count them until the recording commits.
   */
  answered?: string[];
}

const jsonIds = (ids: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/**
 * Ids of the first due attempts of each enabled endpoint, as many as its bound leaves free, in event order across
 * endpoints. An endpoint whose leases are all the owner's may be leased ahead (see `ClaimLimits.ahead`); one that
 * another loop holds leases on gets only the slots its bound leaves free. Per endpoint it reads the front of
 * `webhook_deliveries_queue` (attempts no one holds) and the lapsed end of `webhook_deliveries_leased`, so the
 * cost grows with the number of endpoints, never with their backlog, their history or what is leased ahead.
 */
export function dueCandidates(claim: ClaimLimits) {
  const answered = claim.answered?.length ? sql` and f.id <> all(${jsonIds(claim.answered)})` : sql``;
  const due = (free: SQL) => sql`
    select d.id, d.scheduled_at, d.event_seq from webhook_deliveries d
    where d.webhook_id = w.id and d.status = 'pending' and d.scheduled_at <= now() and ${free}
    order by d.scheduled_at, d.event_seq, d.id
    limit room.n`;
  return sql`
    select c.id from webhooks w
    cross join lateral (
      select count(*) filter (where f.leased_by is distinct from ${claim.owner})::int as others,
        count(*) filter (where f.leased_by = ${claim.owner}${answered})::int as mine
      from webhook_deliveries f
      where f.webhook_id = w.id and f.status = 'pending' and f.lease_until is not null
        and f.lease_until > now()
    ) held
    cross join lateral (
      select greatest(
        case when held.others = 0
          then greatest(coalesce((${JSON.stringify(claim.ahead ?? {})}::jsonb ->> w.id)::int, 0), ${claim.perEndpoint}::int)
          else ${claim.perEndpoint}::int - held.others
        end - held.mine, 0) as n
    ) room
    cross join lateral (
      select * from (
        (${due(sql`d.lease_until is null`)})
        union all
        (${due(sql`d.lease_until is not null and d.lease_until <= now()`)})
      ) free
      order by free.scheduled_at, free.event_seq, free.id
      limit room.n
    ) c
    where w.enabled
    order by c.scheduled_at, c.event_seq, c.id
    limit ${claim.limit}::int`;
}

/**
 * A claim or a settle names its rows by id (an array), and this keeps them pending: written so that the planner
 * cannot answer it from the partial indexes on pending attempts, it looks each id up by primary key. Planned
 * from stale statistics of the backlog (a burst of events, no autovacuum yet), `id in (subquery)` with a plain
 * `status = 'pending'` read every pending attempt (PostgreSQL 15: a hash join, 18 ms per claim with 50,000
 * pending) or walked the whole queue index for the ids (PGlite: 22 ms); this way, 2 ms.
 */
const stillPending = sql`coalesce(${webhookDeliveries.status}, '') = 'pending'`;

/** What a dispatch loop needs of an attempt it leased: to send it, record its outcome and chain its retry. */
export type ClaimedAttempt = Pick<
  DeliveryRow,
  | "id"
  | "chainId"
  | "brandspaceId"
  | "webhookId"
  | "eventId"
  | "eventSeq"
  | "eventType"
  | "attempt"
  | "origin"
  | "replayedFromId"
  | "requestId"
>;

/**
 * Leases due attempts of enabled endpoints (see `dueCandidates`), returned in the order to send them. When other
 * processes may claim from the same database (`shared`), claims take turns, so that each counts the leases of the
 * one before and the per-endpoint bound holds; the conditional update still lets a settle that raced the claim win.
 * A lease lost in a database crash only means the attempt may be sent twice, so its commit does not wait for the
 * WAL flush. Only the columns a loop uses come back, named as the row's fields: mapping every column of every
 * leased row (timestamps parsed twice) cost the loop about a tenth of its CPU.
 */
export async function claimDueDeliveries(
  db: Db,
  claim: ClaimLimits & { leaseMs: number; shared: boolean },
): Promise<ClaimedAttempt[]> {
  if (claim.limit <= 0) return [];
  const lease = async (tx: Db) =>
    rowsOf<ClaimedAttempt>(
      await tx.execute(sql`
        with leased as (
          update webhook_deliveries
          set lease_until = now() + ${`${claim.leaseMs} milliseconds`}::interval, leased_by = ${claim.owner}
          where id = any(array(${dueCandidates(claim)})) and ${stillPending}
            and (lease_until is null or lease_until <= now())
          returning id, chain_id, brandspace_id, webhook_id, event_id, event_seq, event_type, attempt, origin,
            replayed_from_id, request_id, scheduled_at
        )
        select id, chain_id as "chainId", brandspace_id as "brandspaceId", webhook_id as "webhookId",
          event_id as "eventId", event_seq::float8 as "eventSeq", event_type as "eventType", attempt, origin,
          replayed_from_id as "replayedFromId", request_id as "requestId"
        from leased
        order by scheduled_at, event_seq, id collate "C"`),
    );
  if (!claim.shared) return lease(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(${CLAIM_LOCK})`,
    );
    return lease(tx as Db);
  });
}

export type Settlement = Pick<
  DeliveryRow,
  | "id"
  | "status"
  | "deliveredAt"
  | "httpStatus"
  | "durationMs"
  | "errorCode"
  | "responseExcerpt"
  | "sentUrl"
  | "sentSignature"
>;

/**
 * Settles attempts still pending, in one statement; returns the ids it settled. The ids are also given as an
 * array and the status test is `stillPending`'s, so that each is a primary-key lookup whatever the planner
 * believes of the backlog. An attempt missing from the answer was settled already (a resend after a lapsed
 * lease) and its outcome must be dropped.
 */
export async function settleDeliveries(db: Db, settlements: Settlement[]): Promise<Set<string>> {
  if (settlements.length === 0) return new Set();
  // Positional rows: keyed ones repeated 100 bytes of names per attempt. Times as epoch milliseconds: a Date's
  // ISO text cost more than the rest of its row.
  const rows = settlements.map((s) => [
    s.id,
    s.status,
    s.deliveredAt?.getTime() ?? null,
    s.httpStatus,
    s.durationMs,
    s.errorCode,
    s.responseExcerpt,
    s.sentUrl,
    s.sentSignature,
  ]);
  const settled = rowsOf<{ id: string }>(
    await db.execute(sql`
      with s as materialized (
        select v->>0 as id, v->>1 as status, to_timestamp((v->>2)::float8 / 1000) as delivered_at,
          (v->>3)::int as http_status, (v->>4)::int as duration_ms, v->>5 as error_code,
          v->>6 as response_excerpt, v->>7 as sent_url, v->>8 as sent_signature
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r(v)
      )
      update webhook_deliveries d set status = s.status, delivered_at = s.delivered_at,
        http_status = s.http_status, duration_ms = s.duration_ms, error_code = s.error_code,
        response_excerpt = s.response_excerpt, sent_url = s.sent_url, sent_signature = s.sent_signature,
        lease_until = null, leased_by = null
      from s
      where d.id = any(array(select id from s)) and d.id = s.id and coalesce(d.status, '') = 'pending'
      returning d.id`),
  );
  return new Set(settled.map((row) => row.id));
}

/**
 * Embedded mode only (one process owns the database): attempts leased by a process that died are given back, so a
 * restart sends them at once instead of when their leases lapse (the receiver may get them twice, as after any
 * lapse). Returns how many.
 */
export async function releaseOrphanedLeases(db: Db): Promise<number> {
  return rowsOf(
    await db.execute(sql`
      update webhook_deliveries set lease_until = null, leased_by = null
      where ${stillPending} and lease_until is not null
      returning id`),
  ).length;
}

/**
 * Gives back leases the owner took but will not send (attempts claimed ahead, when their endpoint is disabled or
 * gone, or the loop stops): they are due again at once for any sender, or parked with their endpoint.
 */
export async function releaseLeases(db: Db, owner: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update webhook_deliveries set lease_until = null, leased_by = null
    where id = any(${jsonIds(ids)}) and ${stillPending} and leased_by = ${owner}`);
}

/**
 * Inserts attempts in one statement however many there are (the rows travel as one JSON parameter); a second
 * fan-out of the same (event, endpoint) or a second row for one attempt is a no-op.
 */
export async function insertAttempts(db: Db, rows: NewDeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into webhook_deliveries (id, chain_id, brandspace_id, webhook_id, event_id, event_seq, event_type,
      status, attempt, origin, replayed_from_id, scheduled_at, request_id)
    select id, "chainId", "brandspaceId", "webhookId", "eventId", "eventSeq", "eventType", status, attempt,
      origin, "replayedFromId", "scheduledAt", "requestId"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, "chainId" text, "brandspaceId" text,
      "webhookId" text, "eventId" text, "eventSeq" bigint, "eventType" text, status text, attempt int,
      origin text, "replayedFromId" text, "scheduledAt" timestamptz, "requestId" text)
    on conflict do nothing`);
}

/**
 * A fan-out batch's attempts 1 as columns: each event and endpoint once, then per attempt its id, its request id
 * and the positions of its event and endpoint in those lists.
 */
export interface FanOutAttempts {
  events: { id: string; seq: number; type: string; brandspaceId: string }[];
  endpoints: { id: string; enabled: boolean }[];
  attempts: [id: string, requestId: string, event: number, endpoint: number][];
}

/**
 * Inserts a fan-out batch's attempts in one statement: each the attempt 1 `firstAttempt` (delivery-rows.ts) makes
 * (its chain named by `fanOutChainId`, parked for a disabled endpoint), scheduled at the transaction's time; a second
 * fan-out of the same (event, endpoint) is a no-op. Keyed JSON rows took 420 bytes an attempt,
 * written to the database's socket and parsed there (5,000 attempts a batch); this takes about 70.
 */
export async function insertFanOut(db: Db, batch: FanOutAttempts): Promise<void> {
  if (batch.attempts.length === 0) return;
  const events = batch.events.map((e) => [e.id, e.seq, e.type, e.brandspaceId]);
  const endpoints = batch.endpoints.map((w) => [w.id, w.enabled]);
  await db.execute(sql`
    insert into webhook_deliveries (id, chain_id, brandspace_id, webhook_id, event_id, event_seq, event_type,
      status, attempt, origin, scheduled_at, request_id)
    select a.v->>0, (e.v->>0) || ':' || (w.v->>0), e.v->>3, w.v->>0, e.v->>0, (e.v->>1)::bigint, e.v->>2,
      case when (w.v->>1)::boolean then 'pending' else 'parked' end, 1, 'fanout', now(), a.v->>1
    from jsonb_array_elements(${JSON.stringify(batch.attempts)}::jsonb) with ordinality as a(v, i)
    join jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as e(v, i)
      on e.i = (a.v->>2)::int + 1
    join jsonb_array_elements(${JSON.stringify(endpoints)}::jsonb) with ordinality as w(v, i)
      on w.i = (a.v->>3)::int + 1
    order by a.i
    on conflict (chain_id, attempt) do nothing`);
}

/** Pending attempts of disabled endpoints become parked; they are not sent until the endpoint is enabled. */
export async function parkDisabled(db: Db): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries d set status = 'parked', lease_until = null, leased_by = null
    from webhooks w
    where w.id = d.webhook_id and not w.enabled and d.status = 'pending'
      and (d.lease_until is null or d.lease_until <= now())`);
}

/**
 * The next moment an attempt of an enabled endpoint falls due: a scheduled retry, or the lease of an attempt in
 * flight running out (its sender may have died). Per endpoint, the first entry of a range on each index.
 */
export const nextDueQuery = sql`
  select min(least(retry.at, lapse.at)) as at from webhooks w
  cross join lateral (
    select min(d.scheduled_at) as at from webhook_deliveries d
    where d.webhook_id = w.id and d.status = 'pending' and d.lease_until is null and d.scheduled_at > now()
  ) retry
  cross join lateral (
    select min(d.lease_until) as at from webhook_deliveries d
    where d.webhook_id = w.id and d.status = 'pending' and d.lease_until is not null and d.lease_until > now()
  ) lapse
  where w.enabled`;

/** See `nextDueQuery`; null when nothing is scheduled ahead. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(await db.execute(nextDueQuery));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Reclaims the row versions that claims and settles leave behind (three per attempt). PostgreSQL's autovacuum does
 * this on its own; PGlite has none. Skipped when another vacuum of the table is running.
 */
export async function vacuumDeliveries(db: Db): Promise<void> {
  await db.execute(sql`vacuum (skip_locked) webhook_deliveries`);
}

/** This transaction commits without waiting for the WAL flush (PostgreSQL only). */
export async function commitWithoutWaitingForFlush(tx: Db): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}
