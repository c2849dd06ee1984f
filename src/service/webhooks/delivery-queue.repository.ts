import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { COMMIT_WITHOUT_FLUSH } from "../db/commit-without-flush.ts";
import { executeNamed } from "../db/named-statement.ts";
import { newId } from "../platform/ids.ts";
import type { EnvelopeSource } from "../platform/outbox.ts";
import type { DeliveryRow } from "./deliveries.repository.ts";
import { fanOutChainIdSql } from "./delivery-rows.ts";
import { sendingVersion } from "./webhooks.repository.ts";

/** Where an attempt stands in its endpoint's queue: its scheduled time (epoch ms), its event's sequence, its id. */
export type QueueKey = [scheduledAtMs: number, eventSeq: number, id: string];

/**
 * What a claim may take of one endpoint's queue, in order: up to `take` attempts, after `after` when given (the last
 * one the loop holds) and not past `upTo` when given (a sweep behind it), none of those in `skip`.
 */
export interface EndpointClaim {
  take: number;
  after?: QueueKey;
  upTo?: QueueKey;
  skip?: string[];
}

export interface ClaimLimits {
  /** Attempts taken by this claim at most. */
  limit: number;
  /** What an endpoint the loop holds nothing of may take: its bound on attempts in flight. */
  perEndpoint: number;
  /** The claiming dispatch loop, as the holder of the endpoints' leases. */
  owner: string;
  leaseMs: number;
  /** The endpoints the loop knows (it holds attempts of them, or knows their answer times), by id. */
  endpoints?: Record<string, EndpointClaim>;
}

/**
 * What a loop needs of an attempt it claimed: to send it, record its outcome and claim on from it. What else a
 * retry copies (its chain, event type, origin) is read by its insert, so that a claim does not carry it for every
 * attempt that succeeds.
 */
export type ClaimedAttempt = Pick<DeliveryRow, "id" | "webhookId" | "eventId" | "attempt" | "requestId"> & {
  queueKey: QueueKey;
};

export interface Claim {
  /** The endpoints whose lease this claim took or renewed, for `ClaimLimits.leaseMs` from its start. */
  renewed: string[];
  /** Due attempts of those endpoints, in the order to send them. */
  attempts: ClaimedAttempt[];
  /** Their events, each once (an attempt whose event was pruned has none). */
  events: EnvelopeSource[];
  /**
   * Their endpoints, each with its `sendingVersion` as the claim saw it: an endpoint read at the same version need
   * not be read again.
   */
  endpoints: { id: string; version: string }[];
}

const ATTEMPT_COLUMNS = sql`d.id, d.webhook_id, d.event_id, d.event_seq, d.attempt, d.request_id, d.scheduled_at`;
type AttemptTuple = [
  id: string,
  webhookId: string,
  eventId: string,
  eventSeq: number,
  attempt: number,
  requestId: string,
  scheduledAtMs: number,
];

type EventTuple = [string, string, string, string, string, string | null, EnvelopeSource["data"]];

/** A part of an `EndpointClaim` bound, read from the claim's JSON (`bound` is one of two fixed names). */
const keyBound = (bound: "after" | "upTo", part: 0 | 1 | 2) =>
  part === 0
    ? sql.raw(`timestamptz 'epoch' + (w.claim -> '${bound}' ->> 0)::bigint * interval '1 millisecond'`)
    : part === 1
      ? sql.raw(`(w.claim -> '${bound}' ->> 1)::bigint`)
      : sql.raw(`w.claim -> '${bound}' ->> 2`);

/**
 * The statement of a claim (see `claimDueDeliveries`). Per enabled endpoint with an attempt due and no other
 * loop's live lease, it reads its range of `webhook_deliveries_queue` from the front, or from after the last
 * attempt the loop holds, so the cost grows with the number of endpoints, never with their backlog, their history
 * or what the loop holds ahead; then it leases the endpoints it needs, and keeps the attempts of those it got.
 */
export function claimStatement(claim: ClaimLimits) {
  const lease = sql`${`${claim.leaseMs} milliseconds`}::interval`;
  // A lease is renewed once a quarter of it is gone, not by every claim: most claims then write nothing.
  const renewWithin = sql`${`${Math.round((claim.leaseMs * 3) / 4)} milliseconds`}::interval`;
  const lower = sql`(
    coalesce(${keyBound("after", 0)}, '-infinity'), coalesce(${keyBound("after", 1)}, ${Number.MIN_SAFE_INTEGER}::bigint),
    coalesce(${keyBound("after", 2)}, ''))`;
  const upper = sql`(${keyBound("upTo", 0)}, ${keyBound("upTo", 1)}, ${keyBound("upTo", 2)})`;
  return sql`
    with wanted as (
      select w.id, p.claim, coalesce((p.claim ->> 'take')::int, ${claim.perEndpoint}::int) as take,
        array(select jsonb_array_elements_text(p.claim -> 'skip')) as skip
      from webhooks w
      cross join lateral (select ${JSON.stringify(claim.endpoints ?? {})}::jsonb -> w.id as claim) p
      -- A lateral probe of each endpoint's first due entry, not \`exists\`: planned from stale statistics of a
      -- backlog (a burst of events, no autovacuum yet), that became a hash join over every due attempt. An endpoint
      -- the loop holds attempts of (named with a place in its queue) is wanted without it: the front of its range
      -- holds the entries of the attempts settled since the last vacuum, and the probe stepped over all of them
      -- (in a burst, most of a claim's time).
      cross join lateral (
        select 1 where p.claim ? 'after' or p.claim ? 'upTo'
        union all
        (select 1 from webhook_deliveries d
          where d.webhook_id = w.id and d.status = 'pending' and d.scheduled_at <= now()
          limit 1)
        limit 1
      ) due
      where w.enabled and not exists (
        select 1 from webhook_senders s
        where s.webhook_id = w.id and s.leased_by <> ${claim.owner} and s.lease_until > now())
    ),
    candidates as (
      select c.* from wanted w
      cross join lateral (
        select ${ATTEMPT_COLUMNS} from webhook_deliveries d
        where d.webhook_id = w.id and d.status = 'pending' and d.scheduled_at <= now()
          and (d.scheduled_at, d.event_seq, d.id) > ${lower}
          and (w.claim -> 'upTo' is null or (d.scheduled_at, d.event_seq, d.id) <= ${upper})
          and d.id <> all(w.skip)
        order by d.scheduled_at, d.event_seq, d.id
        -- No endpoint gives more than the whole claim may take (a loop near its bound read ten times what it kept).
        limit least(w.take, ${claim.limit}::int)
      ) c
      order by c.scheduled_at, c.event_seq, c.id collate "C"
      limit ${claim.limit}::int
    ),
    -- The endpoints this claim gives attempts to, and those the loop holds attempts of (named with a place in
    -- their queue): only they are leased, so that a loop with no room takes no endpoint from the others.
    needed as (
      select distinct webhook_id as id from candidates
      union
      select id from wanted where claim ? 'after' or claim ? 'upTo'
    ),
    held as (
      select s.webhook_id from webhook_senders s join needed n on n.id = s.webhook_id
      where s.leased_by = ${claim.owner} and s.lease_until > now() + ${renewWithin}
    ),
    renewed as (
      insert into webhook_senders as s (webhook_id, leased_by, lease_until)
      select id, ${claim.owner}, now() + ${lease} from needed where id not in (select webhook_id from held)
      on conflict (webhook_id) do update set leased_by = excluded.leased_by, lease_until = excluded.lease_until
      where s.leased_by = excluded.leased_by or s.lease_until <= now()
      returning s.webhook_id
    ),
    taken as (
      select c.* from candidates c
      where c.webhook_id in (select webhook_id from renewed union all select webhook_id from held)
    )
    select
      ${COMMIT_WITHOUT_FLUSH},
      (select coalesce(json_agg(webhook_id), '[]') from renewed) as renewed,
      (select coalesce(json_agg(json_build_array(t.id, t.webhook_id, t.event_id, t.event_seq, t.attempt,
        t.request_id, (extract(epoch from t.scheduled_at) * 1000)::bigint)
        order by t.scheduled_at, t.event_seq, t.id collate "C"), '[]') from taken t) as attempts,
      (select coalesce(json_agg(json_build_array(e.id, e.type, e.occurred_at, e.brandspace_id, e.actor_type,
        e.actor_id, e.data)), '[]')
        from events e where e.id = any(array(select distinct event_id from taken))) as events,
      (select coalesce(json_agg(json_build_array(webhooks.id, ${sendingVersion})), '[]')
        from webhooks where webhooks.id = any(array(select distinct webhook_id from taken))) as endpoints`;
}

/**
 * Takes due attempts of endpoints no other loop holds, as `ClaimLimits.endpoints` allows (an endpoint not named:
 * up to its bound, from the front), in event order across endpoints and up to the limit, with their events (a
 * round trip less per claim) and the versions of their endpoints' rows. It leases the endpoints it gives attempts
 * to, and renews the leases of those whose attempts the loop holds once a quarter of a lease is gone. Only the
 * holder of an endpoint's lease sends its attempts, so two claims never take the same endpoint and the bound holds
 * across processes; an attempt itself is not written. The attempts travel as one JSON array of positional rows:
 * pg's row parsing and Drizzle's mapping cost the loop a tenth of its CPU.
 */
export async function claimDueDeliveries(db: Db, claim: ClaimLimits): Promise<Claim> {
  const [row] = rowsOf<{
    renewed: string[];
    attempts: AttemptTuple[];
    events: EventTuple[];
    endpoints: [id: string, version: string][];
  }>(await executeNamed(db, "webhook_claim", claimStatement(claim)));
  return {
    renewed: row?.renewed ?? [],
    attempts: (row?.attempts ?? []).map((t) => ({
      id: t[0],
      webhookId: t[1],
      eventId: t[2],
      attempt: t[4],
      requestId: t[5],
      queueKey: [Number(t[6]), Number(t[3]), t[0]],
    })),
    events: (row?.events ?? []).map((e) => ({
      id: e[0],
      type: e[1],
      occurredAt: new Date(e[2]),
      brandspaceId: e[3],
      actorType: e[4],
      actorId: e[5],
      data: e[6],
    })),
    endpoints: (row?.endpoints ?? []).map(([id, version]) => ({ id, version })),
  };
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
 * Settles attempts still pending, in one statement; returns the ids it settled (the statement answers with those
 * it did not: usually none, where the settled ones were a row each to parse). The ids are also given as an
 * array, and the status test is written so that the planner cannot answer it from the partial index on pending
 * attempts: each is a primary-key lookup. Planned from stale statistics of the backlog (a burst of events, no
 * autovacuum yet), `id in (subquery)` with a plain `status = 'pending'` read every pending attempt (PostgreSQL
 * 15: a hash join, 18 ms per call with 50,000 pending) or walked the whole queue index for the ids (PGlite: 22 ms);
 * this way, 2 ms. An attempt missing from the answer was settled already (a resend after its endpoint's
 * lease lapsed) and its outcome must be dropped.
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
  const [row] = rowsOf<{ missed: string[] }>(
    await executeNamed(
      db,
      "webhook_settle",
      sql`
      with s as materialized (
        select v->>0 as id, v->>1 as status, to_timestamp((v->>2)::float8 / 1000) as delivered_at,
          (v->>3)::int as http_status, (v->>4)::int as duration_ms, v->>5 as error_code,
          v->>6 as response_excerpt, v->>7 as sent_url, v->>8 as sent_signature
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r(v)
      ),
      settled as (
        update webhook_deliveries d set status = s.status, delivered_at = s.delivered_at,
          http_status = s.http_status, duration_ms = s.duration_ms, error_code = s.error_code,
          response_excerpt = s.response_excerpt, sent_url = s.sent_url, sent_signature = s.sent_signature
        from s
        where d.id = any(array(select id from s)) and d.id = s.id and coalesce(d.status, '') = 'pending'
        returning d.id
      )
      select
        -- Also for the rest of the caller's transaction, when the settle runs in one.
        ${COMMIT_WITHOUT_FLUSH},
        coalesce((select json_agg(s.id) from s where s.id not in (select id from settled)), '[]') as missed`,
    ),
  );
  const missed = new Set(row?.missed ?? []);
  return new Set(settlements.map((settlement) => settlement.id).filter((id) => !missed.has(id)));
}

/**
 * Embedded mode only (one process owns the database): the endpoints a process that died was sending are given
 * back, so a restart sends their pending attempts at once instead of when the leases lapse (the receiver may get
 * some twice, as after any lapse). Returns how many.
 */
export async function releaseOrphanedSenders(db: Db): Promise<number> {
  return rowsOf(await db.execute(sql`delete from webhook_senders returning webhook_id`)).length;
}

/** Gives back the endpoints the owner was sending (it stops): any loop may send their attempts at once. */
export async function releaseSenders(db: Db, owner: string): Promise<void> {
  await db.execute(sql`delete from webhook_senders where leased_by = ${owner}`);
}

/** The next attempt of a chain after a failed one: when it falls due, and whether it waits (its endpoint is gone). */
export interface Retry {
  previousId: string;
  scheduledAt: Date;
  parked: boolean;
}

/**
 * Inserts the next attempt of each failed one in one statement, copying its chain, endpoint, event and origin from
 * the failed attempt's row; a second insert of the same (chain, attempt) is a no-op. Each travels as a positional
 * row: the failed attempt, the new attempt's id and request id, when it falls due (epoch ms), whether it is parked.
 */
export async function insertRetries(db: Db, retries: Retry[]): Promise<void> {
  if (retries.length === 0) return;
  const rows = retries.map((r) => [
    r.previousId,
    newId("delivery"),
    newId("request"),
    r.scheduledAt.getTime(),
    r.parked,
  ]);
  await db.execute(sql`
    insert into webhook_deliveries (id, chain_id, brandspace_id, webhook_id, event_id, event_seq, event_type,
      status, attempt, origin, replayed_from_id, scheduled_at, request_id)
    select r.v->>1, p.chain_id, p.brandspace_id, p.webhook_id, p.event_id, p.event_seq, p.event_type,
      case when (r.v->>4)::boolean then 'parked' else 'pending' end, p.attempt + 1, p.origin, p.replayed_from_id,
      to_timestamp((r.v->>3)::float8 / 1000), r.v->>2
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as r(v)
    join webhook_deliveries p on p.id = r.v->>0
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
 * Writes a fan-out batch in one statement: its attempts (each the attempt 1 `firstAttempt` (delivery-rows.ts)
 * makes, its chain named by `fanOutChainIdSql`, parked for a disabled endpoint, scheduled at the transaction's
 * time; a second fan-out of the same (event, endpoint) is a no-op), and every event of the batch marked fanned out,
 * those no endpoint subscribes to included. Keyed JSON rows took 420 bytes an attempt, written to the database's
 * socket and parsed there (5,000 attempts a batch); this takes about 70.
 */
export async function writeFanOut(db: Db, batch: FanOutAttempts): Promise<void> {
  if (batch.events.length === 0) return;
  const events = batch.events.map((e) => [e.id, e.seq, e.type, e.brandspaceId]);
  const endpoints = batch.endpoints.map((w) => [w.id, w.enabled]);
  await db.execute(sql`
    with inserted as (
      insert into webhook_deliveries (id, chain_id, brandspace_id, webhook_id, event_id, event_seq, event_type,
        status, attempt, origin, scheduled_at, request_id)
      select a.v->>0, ${fanOutChainIdSql(sql`e.v->>0`, sql`w.v->>0`)}, e.v->>3, w.v->>0, e.v->>0,
        (e.v->>1)::bigint, e.v->>2, case when (w.v->>1)::boolean then 'pending' else 'parked' end, 1, 'fanout',
        now(), a.v->>1
      from jsonb_array_elements(${JSON.stringify(batch.attempts)}::jsonb) with ordinality as a(v, i)
      join jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as e(v, i)
        on e.i = (a.v->>2)::int + 1
      join jsonb_array_elements(${JSON.stringify(endpoints)}::jsonb) with ordinality as w(v, i)
        on w.i = (a.v->>3)::int + 1
      order by a.i
      on conflict (chain_id, attempt) do nothing
    )
    update events set fanned_out_at = now()
    where id = any(array(select e.v->>0 from jsonb_array_elements(${JSON.stringify(events)}::jsonb) as e(v)))`);
}

/**
 * Pending attempts of disabled endpoints become parked; they are not sent until the endpoint is enabled. Those of
 * an endpoint a loop holds wait until it lets go: some may be in flight, and their answers are recorded. The
 * parking loop (`owner`) first lets go of the disabled endpoints it holds, but those in `busy` (attempts in flight
 * or answered and not yet recorded). The disabled endpoints are found first, then their pending attempts: joined
 * the other way round, from stale statistics of a backlog, every pending attempt was read (9 ms a second in a
 * burst of 50,000, with no endpoint disabled).
 */
export async function parkDisabled(db: Db, loop: { owner: string; busy: string[] }): Promise<void> {
  await db.execute(parkDisabledStatement(loop));
}

/** The statement of `parkDisabled`. */
export function parkDisabledStatement(loop: { owner: string; busy: string[] }) {
  return sql`
    with released as (
      delete from webhook_senders s using webhooks w
      where w.id = s.webhook_id and not w.enabled and s.leased_by = ${loop.owner}
        and s.webhook_id <> all(array(select jsonb_array_elements_text(${JSON.stringify(loop.busy)}::jsonb)))
      returning s.webhook_id
    )
    update webhook_deliveries d set status = 'parked'
    where d.status = 'pending' and d.webhook_id = any(array(
      select w.id from webhooks w
      where not w.enabled and (w.id in (select webhook_id from released)
        or not exists (select 1 from webhook_senders s where s.webhook_id = w.id and s.lease_until > now()))))`;
}

/**
 * The next moment an attempt of an enabled endpoint falls due: a scheduled retry (per endpoint, the first entry of
 * a range of the queue index), or the lease of an endpoint running out (its sender may have died).
 */
export const nextDueQuery = sql`
  select least(
    (select min(retry.at) from webhooks w
      cross join lateral (
        select min(d.scheduled_at) as at from webhook_deliveries d
        where d.webhook_id = w.id and d.status = 'pending' and d.scheduled_at > now()
      ) retry
      where w.enabled),
    (select min(s.lease_until) from webhook_senders s
      join webhooks w on w.id = s.webhook_id
      where w.enabled and s.lease_until > now())
  ) as at`;

/** See `nextDueQuery`; null when nothing is scheduled ahead. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(await db.execute(nextDueQuery));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Reclaims the row versions that settles leave behind (two per attempt). PostgreSQL's autovacuum does
 * this on its own; PGlite has none. Skipped when another vacuum of the table is running.
 */
export async function vacuumDeliveries(db: Db): Promise<void> {
  await db.execute(sql`vacuum (skip_locked) webhook_deliveries`);
}
