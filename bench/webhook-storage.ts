import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * An experiment, not an aim: the database's work for webhook attempts stored as today (one row per attempt, the
 * pending ones in a partial queue index) against a queue of pending attempts in a table of its own (the attempt's
 * settle then changes no indexed column). Both fan out BENCH_STORAGE_ATTEMPTS attempts (10 endpoints) in batches of
 * 500, claim 20 an endpoint and settle them, as the dispatcher does, with no HTTP: the figure is the database's time.
 * `TEST_DATABASE_URL` runs it on PostgreSQL (a scratch schema), else on PGlite on disk. Alternates the two designs.
 */
const ATTEMPTS = Number(process.env.BENCH_STORAGE_ATTEMPTS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_STORAGE_ROUNDS ?? 3);
const ENDPOINTS = 10;
const FANOUT_EVENTS = 50;
const CLAIM_PER_ENDPOINT = 20;

interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

interface Design {
  name: string;
  schema: string;
  fanOut: string;
  claim: string;
  settle: string;
}

const COLUMNS = `id text primary key, brandspace_id text not null, webhook_id text not null, chain_id text not null,
  event_id text not null, event_seq bigint not null, event_type text not null, status text not null,
  attempt int not null, origin text not null, scheduled_at timestamptz not null, delivered_at timestamptz,
  http_status int, duration_ms int, error_code text, response_excerpt text, request_id text not null,
  sent_url text, sent_signature text, created_at timestamptz not null default now()`;

const FANOUT_ROWS = `select a->>0 as id, 'bs_1' as brandspace_id, a->>1 as webhook_id, (a->>2) || ':' || (a->>1) as chain_id,
  a->>2 as event_id, (a->>3)::bigint as event_seq, 'file.updated' as event_type, 'pending' as status, 1 as attempt,
  'fanout' as origin, now() as scheduled_at, a->>4 as request_id from jsonb_array_elements($1::jsonb) as r(a)`;

const SETTLE_ROWS = `select v->>0 as id, to_timestamp((v->>1)::float8 / 1000) as delivered_at, v->>2 as sent_url,
  v->>3 as sent_signature from jsonb_array_elements($1::jsonb) as r(v)`;

const TODAY: Design = {
  name: "today: partial queue index",
  schema: `create table d (${COLUMNS});
    create unique index d_chain on d (chain_id, attempt);
    create index d_list on d (webhook_id, created_at);
    create index d_queue on d (webhook_id, scheduled_at, event_seq, id) where status = 'pending';`,
  fanOut: `insert into d (id, brandspace_id, webhook_id, chain_id, event_id, event_seq, event_type, status, attempt,
    origin, scheduled_at, request_id) ${FANOUT_ROWS} on conflict (chain_id, attempt) do nothing`,
  claim: `select c.id from unnest($1::text[]) w(id) cross join lateral (
    select d.id from d where d.webhook_id = w.id and d.status = 'pending' and d.scheduled_at <= now()
    order by d.scheduled_at, d.event_seq, d.id limit ${CLAIM_PER_ENDPOINT}) c`,
  settle: `with s as materialized (${SETTLE_ROWS})
    update d set status = 'success', delivered_at = s.delivered_at, http_status = 200, duration_ms = 3,
      response_excerpt = 'ok', sent_url = s.sent_url, sent_signature = s.sent_signature
    from s where d.id = any(array(select id from s)) and d.id = s.id and coalesce(d.status, '') = 'pending'`,
};

const QUEUE_TABLE: Design = {
  name: "a queue table",
  schema: `create table d (${COLUMNS}) with (fillfactor = 50);
    create unique index d_chain on d (chain_id, attempt);
    create index d_list on d (webhook_id, created_at);
    create table q (webhook_id text not null, scheduled_at timestamptz not null, event_seq bigint not null,
      id text not null, primary key (webhook_id, scheduled_at, event_seq, id));`,
  fanOut: `with rows as (${FANOUT_ROWS}), inserted as (
      insert into d (id, brandspace_id, webhook_id, chain_id, event_id, event_seq, event_type, status, attempt,
        origin, scheduled_at, request_id) select * from rows on conflict (chain_id, attempt) do nothing
      returning webhook_id, scheduled_at, event_seq, id)
    insert into q select * from inserted`,
  claim: `select c.id from unnest($1::text[]) w(id) cross join lateral (
    select q.id from q where q.webhook_id = w.id and q.scheduled_at <= now()
    order by q.scheduled_at, q.event_seq, q.id limit ${CLAIM_PER_ENDPOINT}) c`,
  settle: `with s as materialized (${SETTLE_ROWS}),
    settled as (
      update d set status = 'success', delivered_at = s.delivered_at, http_status = 200, duration_ms = 3,
        response_excerpt = 'ok', sent_url = s.sent_url, sent_signature = s.sent_signature
      from s where d.id = any(array(select id from s)) and d.id = s.id and d.status = 'pending'
      returning d.webhook_id, d.scheduled_at, d.event_seq, d.id)
    delete from q using settled
    where (q.webhook_id, q.scheduled_at, q.event_seq, q.id) = (settled.webhook_id, settled.scheduled_at,
      settled.event_seq, settled.id)`,
};

const endpoints = Array.from({ length: ENDPOINTS }, (_, i) => `wh_${String(i).padStart(26, "0")}`);
let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(26, "0")}`;

/** Fans out, claims and settles ATTEMPTS attempts; the database's wall time in ms. */
async function run(db: Sql, design: Design): Promise<number> {
  await db.query("drop table if exists d");
  await db.query("drop table if exists q");
  for (const statement of design.schema.split(";").filter((s) => s.trim())) await db.query(statement);
  const started = performance.now();
  let fannedOut = 0;
  let settled = 0;
  while (settled < ATTEMPTS) {
    if (fannedOut < ATTEMPTS) {
      const attempts = [];
      for (let e = 0; e < FANOUT_EVENTS && fannedOut < ATTEMPTS; e++) {
        const eventId = nextId("evt");
        for (const endpoint of endpoints) {
          attempts.push([nextId("del"), endpoint, eventId, sequence, nextId("req")]);
          fannedOut++;
        }
      }
      await db.query(design.fanOut, [JSON.stringify(attempts)]);
    }
    const { rows } = await db.query(design.claim, [endpoints]);
    const now = Date.now();
    const settlements = rows.map((row) => [
      row.id,
      now,
      "https://hooks.example.com/receive?endpoint=1",
      `t=${Math.floor(now / 1000)},v1=${"ab".repeat(32)}`,
    ]);
    if (settlements.length > 0) await db.query(design.settle, [JSON.stringify(settlements)]);
    settled += settlements.length;
  }
  const elapsed = performance.now() - started;
  if (settled !== ATTEMPTS) throw new Error(`${design.name}: settled ${settled} of ${ATTEMPTS}`);
  return elapsed;
}

/**
 * The share of the last run's settles that were HOT updates (no index entries), from the table's statistics, which
 * the database reports up to a second late (both PostgreSQL and PGlite keep them).
 */
async function hotShare(db: Sql): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const { rows } = await db.query(
    "select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'd'",
  );
  const row = rows[0] as { updated: number; hot: number } | undefined;
  return row?.updated ? `${Math.round((100 * row.hot) / row.updated)} %` : "–";
}

async function open(): Promise<{ db: Sql; heading: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("create schema if not exists webhook_storage_bench");
    await client.query("set search_path = webhook_storage_bench");
    return {
      heading: "PostgreSQL",
      db: {
        query: (text, params) => client.query(text, params),
        close: async () => {
          await client.query("drop schema webhook_storage_bench cascade");
          await client.end();
        },
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "bs-storage-"));
  const client = new PGlite(dir);
  await client.waitReady;
  return {
    heading: "PGlite (on disk, in this thread)",
    db: {
      query: async (text, params) => client.query(text, params),
      close: async () => {
        await client.close();
        rmSync(dir, { recursive: true, force: true });
      },
    },
  };
}

async function main() {
  const { db, heading } = await open();
  try {
    const times = new Map<string, number[]>();
    const hot = new Map<string, string>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const design of [TODAY, QUEUE_TABLE]) {
        const ms = await run(db, design);
        times.set(design.name, [...(times.get(design.name) ?? []), ms]);
        hot.set(design.name, await hotShare(db));
      }
    }
    console.log(`\n## webhook-storage: ${ATTEMPTS.toLocaleString("en-US")} attempts, ${heading}\n`);
    console.log(
      "| design | database time per attempt (µs), each round | settles that were HOT, last round |",
    );
    console.log("| --- | --- | --- |");
    for (const [name, list] of times) {
      const each = list.map((ms) => ((ms * 1000) / ATTEMPTS).toFixed(1)).join(" / ");
      console.log(`| ${name} | ${each} | ${hot.get(name)} |`);
    }
  } finally {
    await db.close();
  }
}

await main();
