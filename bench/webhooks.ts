import os from "node:os";
import { sql } from "drizzle-orm";
import { Agent, request } from "undici";
import { type Db, rowsOf } from "../src/service/db/client.ts";
import { emit } from "../src/service/platform/outbox.ts";
import { startTestService, type TestService } from "../src/service/testing/test-service.ts";
import { FAST_WEBHOOK_ENV, type Receiver, startReceiver } from "../src/service/webhooks/webhooks-test-kit.ts";
import { benchDatabase, benchDatabaseHeading, recordAim } from "./aims.ts";
import { UNLIMITED_RATES } from "./seeded-service.ts";
import { percentile } from "./stats.ts";

const ENDPOINTS = 10;
/** The default WEBHOOK_ENDPOINT_CONCURRENCY: the raw loop keeps as many requests in flight as the service may. */
const IN_FLIGHT = ENDPOINTS * 4;
const EVENTS_PER_COMMIT = 500;
const TIMEOUT_MS = 30 * 60_000;

const number = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Commits `count` events in transactions of 500, as a busy brandspace would; returns each event's commit time. */
async function commitEvents(service: TestService, count: number): Promise<Map<string, number>> {
  const committedAt = new Map<string, number>();
  for (let start = 0; start < count; start += EVENTS_PER_COMMIT) {
    const ids = await service.deps.db.transaction(async (tx) => {
      const made: string[] = [];
      for (let i = start; i < Math.min(count, start + EVENTS_PER_COMMIT); i++) {
        const event = await emit(tx as Db, {
          brandspaceId: service.seed.brandspaceId,
          type: "library.updated",
          actor: { type: "system", id: null },
          data: { object: "library", id: `lib_bench_${i}`, name: `Library ${i}` },
        });
        made.push(event.id);
      }
      return made;
    });
    const now = Date.now();
    for (const id of ids) committedAt.set(id, now);
    service.deps.signal.notify("jobs");
    // PGlite answers in this thread without yielding to its event loop: let the service run between commits, as
    // it would between the requests that commit events.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return committedAt;
}

/** Waits until every (event, endpoint) pair arrived; resent duplicates do not count. */
async function awaitArrivals(receiver: Receiver, expected: number, started: number) {
  const pairs = new Set<string>();
  let seen = 0;
  let reported = Date.now();
  while (pairs.size < expected) {
    for (; seen < receiver.received.length; seen++) {
      const { headers } = receiver.received[seen]!;
      pairs.add(`${headers["service-event-id"]} ${headers["service-webhook-id"]}`);
    }
    if (Date.now() - started > TIMEOUT_MS)
      throw new Error(`only ${pairs.size} of ${expected} arrived in ${TIMEOUT_MS / 60_000} min`);
    if (Date.now() - reported >= 10_000) {
      reported = Date.now();
      console.error(
        `… ${number(pairs.size)} of ${number(expected)} delivered in ${number((reported - started) / 1000)} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return pairs.size;
}

/** Deliveries per second over each tenth of the run, by arrival: flat when the rate holds as the table grows. */
function ratesByTenth(arrivals: number[], started: number): number[] {
  const tenth = arrivals.length / 10;
  return Array.from({ length: 10 }, (_, i) => {
    const from = i === 0 ? started : arrivals[Math.round(i * tenth) - 1]!;
    const to = arrivals[Math.round((i + 1) * tenth) - 1]!;
    return tenth / (Math.max(1, to - from) / 1000);
  });
}

/**
 * The same number of POSTs of the same body to the same receiver, with as many in flight as the service: POSTs per
 * second, and CPU time per POST in ms (receiver included).
 */
async function rawCeiling(
  receiver: Receiver,
  body: Buffer,
  count: number,
): Promise<{ rate: number; cpuMs: number }> {
  const agent = new Agent({ connections: IN_FLIGHT });
  let sent = 0;
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  const sender = async () => {
    while (sent < count) {
      sent++;
      const res = await request(receiver.url, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "content-length": String(body.length) },
        dispatcher: agent,
      });
      await res.body.dump();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await agent.close();
  return { rate: count / seconds, cpuMs: (cpu.user + cpu.system) / 1000 / count };
}

/**
 * BENCH_WEBHOOK_EVENTS (default 10,000) events fanned out to 10 endpoints on one loopback receiver: deliveries
 * per second from the first commit to the last arrival, the delay from commit to arrival, and the rate over each
 * tenth of the run, next to a raw undici POST loop to the same receiver with the same concurrency and body.
 */
async function main() {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
  const receiver = await startReceiver();
  // The workers poll as a started service's do (JOB_POLL_MS at its default of 1 s; new events wake them at once),
  // not every 50 ms as in the tests, whose polling cost about a tenth of the dispatch's CPU here.
  const service = await startTestService({
    workers: "as configured",
    env: { ...FAST_WEBHOOK_ENV, JOB_POLL_MS: "1000", RATE_LIMITS: UNLIMITED_RATES },
  });
  try {
    const headers = { authorization: `Bearer ${service.seed.ownerKey}`, "content-type": "application/json" };
    for (let i = 0; i < ENDPOINTS; i++) {
      const res = await fetch(`${service.regionalUrl}/v1/webhooks`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url: `${receiver.url}?endpoint=${i}`, events: ["*"] }),
      });
      if (res.status !== 201) throw new Error(`create webhook: ${res.status} ${await res.text()}`);
    }
    const expected = events * ENDPOINTS;
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const committedAt = await commitEvents(service, events);
    const commitSeconds = (Date.now() - started) / 1000;
    const distinct = await awaitArrivals(receiver, expected, started);
    const cpu = process.cpuUsage(cpuBefore);
    const received = receiver.received.splice(0);
    const arrivals = received.map((r) => r.at).sort((a, b) => a - b);
    const wallSeconds = (arrivals.at(-1)! - started) / 1000;
    const delays = received
      .map((r) => r.at - (committedAt.get(String(r.headers["service-event-id"])) ?? r.at))
      .sort((a, b) => a - b);
    const [table] = rowsOf<{ n: number }>(
      await service.deps.db.execute(sql`select count(*)::int as n from webhook_deliveries`),
    );
    const failures = rowsOf<{ code: string; n: number }>(
      await service.deps.db.execute(sql`
        select coalesce(error_code, status) as code, count(*)::int as n from webhook_deliveries
        where status <> 'success' group by 1 order by 2 desc`),
    );

    const rate = expected / wallSeconds;
    const raw = await rawCeiling(receiver, received[0]!.body, expected);
    const rawRate = raw.rate;
    const cpuMs = (cpu.user + cpu.system) / 1000 / expected;
    recordAim({
      bench: "webhooks",
      aim: "service deliveries/s ÷ raw undici POSTs/s",
      database: benchDatabase(),
      target: 0.5,
      measured: rate / rawRate,
      better: "higher",
      note: `${number(events)} events × ${ENDPOINTS} endpoints`,
    });
    const database = benchDatabaseHeading();
    console.log(
      `\n## webhooks: ${number(events)} events × ${ENDPOINTS} endpoints, ${database}; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      "| Deliveries | Wall s | Service deliveries/s | Raw undici POSTs/s | Ratio | Delay p50 ms | Delay p99 ms |",
    );
    console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    console.log(
      `| ${number(expected)} | ${number(wallSeconds, 1)} | ${number(rate)} | ${number(rawRate)} | ${number(rate / rawRate, 3)} | ${number(percentile(delays, 50))} | ${number(percentile(delays, 99))} |`,
    );
    console.log("\nDeliveries/s over each tenth of the run (the deliveries table grows throughout):\n");
    console.log(`| ${Array.from({ length: 10 }, (_, i) => `${i + 1}/10`).join(" | ")} |`);
    console.log(`|${" ---: |".repeat(10)}`);
    console.log(
      `| ${ratesByTenth(arrivals, started)
        .map((r) => number(r))
        .join(" | ")} |`,
    );
    console.log(
      `\nThe events were committed (in this process, beside the deliveries) in the first ${number(commitSeconds, 1)} s.`,
    );
    console.log(
      `\nThis process's CPU time per delivery: ${number(cpuMs, 3)} ms (${database === "PostgreSQL" ? "the database's own is not counted" : "the embedded database's included"}; the receiver's included); per raw POST: ${number(raw.cpuMs, 3)} ms; raw ÷ service: ${number(raw.cpuMs / cpuMs, 3)}.`,
    );
    console.log(
      `\n${number(distinct)} (event, endpoint) pairs delivered, ${number(received.length - distinct)} of them twice (at least once); ${number(table?.n ?? 0)} rows in webhook_deliveries${failures.length ? `; attempts not successful: ${failures.map((f) => `${f.code} ${number(f.n)}`).join(", ")}` : ""}.`,
    );
  } finally {
    await service.close();
    await receiver.close();
  }
}

await main();
