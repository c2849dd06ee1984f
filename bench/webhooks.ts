import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { Agent, request } from "undici";
import { type Db, rowsOf } from "../src/service/db/client.ts";
import { emit } from "../src/service/platform/outbox.ts";
import { startTestService, type TestService } from "../src/service/testing/test-service.ts";
import { FAST_WEBHOOK_ENV } from "../src/service/webhooks/webhooks-test-kit.ts";
import { benchDatabase, benchDatabaseHeading, recordAim } from "./aims.ts";
import { commitEvents, EVENTS_PER_COMMIT } from "./commit-events.ts";
import { type LeanReceiver, type SampleRequest, startLeanReceiver } from "./lean-receiver.ts";
import { profilePhase } from "./phase-profile.ts";
import { probeRequests } from "./request-probe.ts";
import { UNLIMITED_RATES } from "./seeded-service.ts";
import { percentile } from "./stats.ts";

const ENDPOINTS = 10;
/** The default WEBHOOK_ENDPOINT_CONCURRENCY: the raw loop keeps as many requests in flight as the service may. */
const IN_FLIGHT = ENDPOINTS * 4;
const TIMEOUT_MS = 30 * 60_000;
/**
 * The raw loop's rate swung by a third from one round to the next here: the ceiling is the median of three, one
 * before the deliveries and two after.
 */
const RAW_ROUNDS = 3;

const number = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * How the bench's events are committed: `burst` (the default), all in one transaction, as a bulk change makes
 * them, before the clock starts, so that the run measures the fan-out and the deliveries alone; `stream`, in
 * transactions of 500 by this process while the clock runs, between the dispatcher's turns, so that the run also
 * pays for committing them (on a machine of two cores, what commits events takes CPU from what delivers them).
 */
type CommitMode = "burst" | "stream";

/** Commits `count` events; returns when the clock starts and each event's commit time. */
async function produceEvents(
  service: TestService,
  count: number,
  mode: CommitMode,
): Promise<{ started: number; committedAt: Map<string, number> }> {
  const committedAt = new Map<string, number>();
  let firstCommit = Number.POSITIVE_INFINITY;
  const committed = (ids: string[], at: number) => {
    firstCommit = Math.min(firstCommit, at);
    for (const id of ids) committedAt.set(id, at);
  };
  const { db, signal } = service.deps;
  const brandspaceId = service.seed.brandspaceId;
  if (mode === "burst") {
    await commitEvents(db, brandspaceId, count, committed, { perCommit: count });
    return { started: firstCommit, committedAt };
  }
  const started = Date.now();
  await commitEvents(db, brandspaceId, count, committed, {
    between: async () => {
      signal.notify("jobs");
      // Let the service run between commits, as it would between the requests that commit events.
      await new Promise((resolve) => setImmediate(resolve));
    },
  });
  return { started, committedAt };
}

/**
 * One event delivered to every endpoint before anything is measured, as a running service has delivered before:
 * connections open, code compiled, answer times known. Its first request is the one the raw loop sends. Returns
 * its event id.
 */
async function warmUpDelivery(service: TestService, receiver: LeanReceiver): Promise<string> {
  const event = await service.deps.db.transaction((tx) =>
    emit(tx as Db, {
      brandspaceId: service.seed.brandspaceId,
      type: "library.updated",
      actor: { type: "system", id: null },
      data: { object: "library", id: "lib_bench_warm_up", name: "Warm-up" },
    }),
  );
  const deadline = Date.now() + 60_000;
  while (receiver.arrivals.filter((arrival) => arrival.eventId === event.id).length < ENDPOINTS) {
    if (Date.now() > deadline) throw new Error("the warm-up event was not delivered within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  receiver.arrivals.splice(0);
  return event.id;
}

/** Waits until every (event, endpoint) pair arrived; resent duplicates do not count. */
async function awaitArrivals(receiver: LeanReceiver, expected: number, started: number) {
  const pairs = new Set<string>();
  let seen = 0;
  let reported = Date.now();
  while (pairs.size < expected) {
    for (; seen < receiver.arrivals.length; seen++) {
      const { eventId, webhookId } = receiver.arrivals[seen]!;
      pairs.add(`${eventId} ${webhookId}`);
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

/** A delivery's headers as the receiver got them (its signature included), but those undici sets itself. */
function headersOf(delivery: SampleRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < delivery.rawHeaders.length; i += 2) {
    const name = delivery.rawHeaders[i]!;
    if (!/^(host|connection)$/i.test(name)) headers[name] = delivery.rawHeaders[i + 1]!;
  }
  return headers;
}

/**
 * The same number of POSTs of the same request (headers and body) to the same receiver, with as many in flight as
 * the service: POSTs per second, and CPU time per POST in ms (receiver included).
 */
async function rawCeiling(
  receiver: LeanReceiver,
  delivery: SampleRequest,
  count: number,
): Promise<{ rate: number; cpuMs: number }> {
  const { body } = delivery;
  const headers = headersOf(delivery);
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
        headers,
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
 * tenth of the run, next to a raw undici POST loop sending the same request to the same receiver, as many at once.
 */
async function main() {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
  const mode = (process.env.BENCH_WEBHOOK_COMMIT ?? "burst") as CommitMode;
  if (mode !== "burst" && mode !== "stream") throw new Error("BENCH_WEBHOOK_COMMIT is burst or stream");
  const receiver = await startLeanReceiver();
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
    const warmUp = await warmUpDelivery(service, receiver);
    // The raw loop's code warms up too before its first measured round (that round was the slowest of three).
    await rawCeiling(receiver, receiver.sample()!, 5_000);
    const rounds = [await rawCeiling(receiver, receiver.sample()!, events * ENDPOINTS)];
    receiver.arrivals.splice(0);
    const expected = events * ENDPOINTS;
    const cpuBefore = process.cpuUsage();
    // The profile covers what the CPU figure covers.
    const profiling = process.env.BENCH_WEBHOOK_PROFILE;
    const streamProfile = await profilePhase(mode === "stream" ? profiling : undefined);
    const { started, committedAt } = await produceEvents(service, events, mode);
    const commitSeconds = (Date.now() - started) / 1000;
    // In a burst the commit came before the clock: what it cost this process is not the deliveries'.
    const cpuBeforeDeliveries = mode === "burst" ? process.cpuUsage() : cpuBefore;
    const loopBefore = performance.eventLoopUtilization();
    const { threadUtilization } = service.deps.database;
    const threadBefore = threadUtilization?.();
    const profile = mode === "burst" ? await profilePhase(profiling) : streamProfile;
    const probe = probeRequests(`${service.regionalUrl}/v1/webhooks?limit=1`, {
      authorization: headers.authorization,
    });
    const distinct = await awaitArrivals(receiver, expected, started);
    const cpu = process.cpuUsage(cpuBeforeDeliveries);
    const loopBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const threadBusy = threadBefore && threadUtilization?.(threadBefore).utilization;
    const probeTimes = await probe.stop();
    await profile.stop();
    const received = receiver.arrivals.splice(0);
    const arrivals = received.map((r) => r.at).sort((a, b) => a - b);
    const wallSeconds = (arrivals.at(-1)! - started) / 1000;
    const delays = received.map((r) => r.at - (committedAt.get(r.eventId) ?? r.at)).sort((a, b) => a - b);
    const [table] = rowsOf<{ n: number }>(
      await service.deps.db.execute(
        sql`select count(*)::int as n from webhook_deliveries where event_id <> ${warmUp}`,
      ),
    );
    const failures = rowsOf<{ code: string; n: number }>(
      await service.deps.db.execute(sql`
        select coalesce(error_code, status) as code, count(*)::int as n from webhook_deliveries
        where status <> 'success' and event_id <> ${warmUp} group by 1 order by 2 desc`),
    );

    const rate = expected / wallSeconds;
    while (rounds.length < RAW_ROUNDS) {
      rounds.push(await rawCeiling(receiver, receiver.sample()!, expected));
      receiver.arrivals.splice(0);
    }
    const raw = rounds.toSorted((a, b) => a.rate - b.rate)[Math.floor(RAW_ROUNDS / 2)]!;
    const rawRate = raw.rate;
    const cpuMs = (cpu.user + cpu.system) / 1000 / expected;
    recordAim({
      bench: "webhooks",
      aim: "service deliveries/s ÷ raw undici POSTs/s",
      database: benchDatabase(),
      target: 0.5,
      measured: rate / rawRate,
      better: "higher",
      note: `${number(events)} events × ${ENDPOINTS} endpoints, committed in a ${mode}`,
    });
    const database = benchDatabaseHeading();
    console.log(
      `\n## webhooks: ${number(events)} events × ${ENDPOINTS} endpoints, ${database}; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      "| Deliveries | Wall s | Service deliveries/s | Raw undici POSTs/s | Ratio | First arrival ms | Delay p50 ms | Delay p99 ms |",
    );
    console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    console.log(
      `| ${number(expected)} | ${number(wallSeconds, 1)} | ${number(rate)} | ${number(rawRate)} | ${number(rate / rawRate, 3)} | ${number(arrivals[0]! - started)} | ${number(percentile(delays, 50))} | ${number(percentile(delays, 99))} |`,
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
      mode === "burst"
        ? `\nThe events were committed in one transaction before the clock started (BENCH_WEBHOOK_COMMIT=burst).`
        : `\nThe events were committed in transactions of ${EVENTS_PER_COMMIT} by this process, beside the deliveries, in the first ${number(commitSeconds, 1)} s (BENCH_WEBHOOK_COMMIT=stream).`,
    );
    console.log(
      `\nA request served beside the deliveries (\`GET /v1/webhooks?limit=1\`, one at a time, ${number(probeTimes.length)} of them): p50 ${number(percentile(probeTimes, 50), 1)} ms, p99 ${number(percentile(probeTimes, 99), 1)} ms, slowest ${number(Math.max(...probeTimes), 1)} ms.`,
    );
    console.log(
      `\nThe raw loop's rounds: ${rounds.map((r) => `${number(r.rate)} POSTs/s`).join(", ")} (the median is the ceiling).`,
    );
    console.log(
      `\nThis process's CPU time per delivery: ${number(cpuMs, 3)} ms (${database === "PostgreSQL" ? "the database's own is not counted" : "the embedded database's included"}; the receiver's included); per raw POST: ${number(raw.cpuMs, 3)} ms; raw ÷ service: ${number(raw.cpuMs / cpuMs, 3)}. The main thread was busy ${number(loopBusy * 100)} % of the deliveries' time${threadBusy === undefined ? "" : `, the database's thread ${number(threadBusy * 100)} %`} (event loop utilization).`,
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
