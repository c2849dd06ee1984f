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
import { median, percentile } from "./stats.ts";

const ENDPOINTS = 10;
/** The default WEBHOOK_ENDPOINT_CONCURRENCY: the raw loop keeps as many requests in flight as the service may. */
const IN_FLIGHT = ENDPOINTS * 4;
/** Requests each side makes unmeasured before its first round (code compiled, pools and tables grown). */
const WARM_UP_REQUESTS = 5_000;
const TIMEOUT_MS = 30 * 60_000;

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
 * connections open, answer times known. Its first request is the one the raw loop sends.
 */
async function warmUpDelivery(service: TestService, receiver: LeanReceiver): Promise<void> {
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
 * Waits until every attempt is settled (a minute at most: a failed one's retry may be pending) and then a second
 * more, so that a raw round does not share the machine with what is left of the burst before it (its last
 * settles, the jobs it woke).
 */
async function settled(service: TestService): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const [row] = rowsOf<{ n: number }>(
      await service.deps.db.execute(
        sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`,
      ),
    );
    if (row?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // What a user's autovacuum does after a burst has settled 100,000 attempts (each leaves a dead row version):
  // PostgreSQL here runs without it; on PGlite the dispatcher vacuums the table itself.
  if (service.deps.database.kind !== "pglite")
    await service.deps.db.execute(sql`vacuum analyze webhook_deliveries`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

/** One burst of deliveries, measured from its first commit to its last arrival. */
interface DeliveryRound {
  rate: number;
  wallSeconds: number;
  /** When each delivery arrived, in order (ms). */
  arrivals: number[];
  started: number;
  /** From each event's commit to each of its arrivals (ms), in order. */
  delays: number[];
  /** Requests served beside the deliveries (ms). */
  probeTimes: number[];
  /** Arrivals of a pair that had arrived already (at least once). */
  resent: number;
  cpuMs: number;
  commitSeconds: number;
  loopBusy: number;
  threadBusy: number | undefined;
}

/**
 * Commits BENCH_WEBHOOK_EVENTS events and waits until each has arrived at every endpoint, with a request served
 * beside the deliveries; `profiling` names the file of a CPU profile of the phase the CPU figure covers.
 */
async function deliveryRound(
  service: TestService,
  receiver: LeanReceiver,
  events: number,
  mode: CommitMode,
  profiling: string | undefined,
): Promise<DeliveryRound> {
  receiver.arrivals.splice(0);
  const expected = events * ENDPOINTS;
  const cpuBefore = process.cpuUsage();
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
    authorization: `Bearer ${service.seed.ownerKey}`,
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
  return {
    rate: expected / wallSeconds,
    wallSeconds,
    arrivals,
    started,
    delays: received.map((r) => r.at - (committedAt.get(r.eventId) ?? r.at)).sort((a, b) => a - b),
    probeTimes,
    resent: received.length - distinct,
    cpuMs: (cpu.user + cpu.system) / 1000 / expected,
    commitSeconds,
    loopBusy,
    threadBusy,
  };
}

/**
 * BENCH_WEBHOOK_EVENTS (default 10,000) events fanned out to 10 endpoints on one loopback receiver, in
 * BENCH_WEBHOOK_ROUNDS (default 3) bursts: deliveries per second from the first commit to the last arrival, the
 * delay from commit to arrival, and the rate over each tenth of a burst, next to a raw undici POST loop sending the
 * same request to the same receiver, as many at once. Raw rounds and bursts alternate, and the aim is the ratio of
 * their medians: the machine's speed here moved by a third from one minute to the next, and a single burst against
 * the raw rounds around it measured that as much as the service.
 */
async function main() {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
  const roundCount = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
  const mode = (process.env.BENCH_WEBHOOK_COMMIT ?? "burst") as CommitMode;
  if (mode !== "burst" && mode !== "stream") throw new Error("BENCH_WEBHOOK_COMMIT is burst or stream");
  if (!(Number.isInteger(roundCount) && roundCount > 0)) throw new Error("BENCH_WEBHOOK_ROUNDS is a count");
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
    await warmUpDelivery(service, receiver);
    const sample = receiver.sample()!;
    // Both sides warm up on 5,000 unmeasured requests: without it the first measured round of either was slow.
    await deliveryRound(service, receiver, WARM_UP_REQUESTS / ENDPOINTS, mode, undefined);
    await rawCeiling(receiver, sample, WARM_UP_REQUESTS);
    // The rows of the warm-ups are not the measured bursts': these come after them in event order.
    const [warmedUp] = rowsOf<{ seq: string }>(
      await service.deps.db.execute(
        sql`select coalesce(max(event_seq), 0)::text as seq from webhook_deliveries`,
      ),
    );
    const measuredAfter = Number(warmedUp?.seq ?? 0);
    const expected = events * ENDPOINTS;
    const raws: Awaited<ReturnType<typeof rawCeiling>>[] = [];
    const bursts: DeliveryRound[] = [];
    // The profile covers the first burst, what its CPU figure covers.
    const profiling = process.env.BENCH_WEBHOOK_PROFILE;
    for (let round = 0; round < roundCount; round++) {
      await settled(service);
      raws.push(await rawCeiling(receiver, sample, expected));
      receiver.arrivals.splice(0);
      bursts.push(await deliveryRound(service, receiver, events, mode, round === 0 ? profiling : undefined));
    }
    const [table] = rowsOf<{ n: number }>(
      await service.deps.db.execute(
        sql`select count(*)::int as n from webhook_deliveries where event_seq > ${measuredAfter}`,
      ),
    );
    const failures = rowsOf<{ code: string; n: number }>(
      await service.deps.db.execute(sql`
        select coalesce(error_code, status) as code, count(*)::int as n from webhook_deliveries
        where status <> 'success' and event_seq > ${measuredAfter} group by 1 order by 2 desc`),
    );

    const rate = median(bursts.map((b) => b.rate));
    const rawRate = median(raws.map((r) => r.rate));
    recordAim({
      bench: "webhooks",
      aim: "service deliveries/s ÷ raw undici POSTs/s",
      database: benchDatabase(),
      target: 0.5,
      measured: rate / rawRate,
      better: "higher",
      note: `${number(events)} events × ${ENDPOINTS} endpoints, committed in a ${mode}, median of ${roundCount} bursts`,
    });
    const database = benchDatabaseHeading();
    console.log(
      `\n## webhooks: ${number(events)} events × ${ENDPOINTS} endpoints, ${roundCount} bursts, ${database}; Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      "| Burst | Deliveries | Wall s | Service deliveries/s | Raw undici POSTs/s (round before) | Ratio | First arrival ms | Delay p50 ms | Delay p99 ms |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    bursts.forEach((burst, i) => {
      const { delays } = burst;
      console.log(
        `| ${i + 1} | ${number(expected)} | ${number(burst.wallSeconds, 1)} | ${number(burst.rate)} | ${number(raws[i]!.rate)} | ${number(burst.rate / raws[i]!.rate, 3)} | ${number(burst.arrivals[0]! - burst.started)} | ${number(percentile(delays, 50))} | ${number(percentile(delays, 99))} |`,
      );
    });
    console.log(
      `| **median** | | | **${number(rate)}** | **${number(rawRate)}** | **${number(rate / rawRate, 3)}** | | | |`,
    );
    console.log("\nDeliveries/s over each tenth of a burst (the deliveries table grows throughout):\n");
    console.log(`| Burst | ${Array.from({ length: 10 }, (_, i) => `${i + 1}/10`).join(" | ")} |`);
    console.log(`| --- |${" ---: |".repeat(10)}`);
    bursts.forEach((burst, i) => {
      console.log(
        `| ${i + 1} | ${ratesByTenth(burst.arrivals, burst.started)
          .map((r) => number(r))
          .join(" | ")} |`,
      );
    });
    console.log(
      mode === "burst"
        ? `\nEach burst's events were committed in one transaction before its clock started (BENCH_WEBHOOK_COMMIT=burst).`
        : `\nEach burst's events were committed in transactions of ${EVENTS_PER_COMMIT} by this process, beside the deliveries, in the first ${bursts.map((b) => number(b.commitSeconds, 1)).join(", ")} s (BENCH_WEBHOOK_COMMIT=stream).`,
    );
    const probeTimes = bursts.flatMap((b) => b.probeTimes);
    console.log(
      `\nA request served beside the deliveries (\`GET /v1/webhooks?limit=1\`, one at a time, ${number(probeTimes.length)} of them): p50 ${number(percentile(probeTimes, 50), 1)} ms, p99 ${number(percentile(probeTimes, 99), 1)} ms, slowest ${number(Math.max(...probeTimes), 1)} ms.`,
    );
    console.log(
      `\nThe raw loop's rounds: ${raws.map((r) => `${number(r.rate)} POSTs/s`).join(", ")} (the median is the ceiling).`,
    );
    const cpuMs = median(bursts.map((b) => b.cpuMs));
    const rawCpuMs = median(raws.map((r) => r.cpuMs));
    const percents = (values: (number | undefined)[]) =>
      values.map((value) => `${number((value ?? 0) * 100)} %`).join(", ");
    const threadBusy = bursts.map((b) => b.threadBusy);
    console.log(
      `\nThis process's CPU time per delivery: ${number(cpuMs, 3)} ms, the median of ${bursts.map((b) => number(b.cpuMs, 3)).join(", ")} (${database === "PostgreSQL" ? "the database's own is not counted" : "the embedded database's included"}; the receiver's included); per raw POST: ${number(rawCpuMs, 3)} ms; raw ÷ service: ${number(rawCpuMs / cpuMs, 3)}. The main thread was busy ${percents(bursts.map((b) => b.loopBusy))} of the bursts' time${threadBusy.every((busy) => busy === undefined) ? "" : `, the database's thread ${percents(threadBusy)}`} (event loop utilization).`,
    );
    console.log(
      `\n${number(expected)} (event, endpoint) pairs delivered in each burst, ${bursts.map((b) => number(b.resent)).join(", ")} of them twice (at least once); ${number(table?.n ?? 0)} rows in webhook_deliveries${failures.length ? `; attempts not successful: ${failures.map((f) => `${f.code} ${number(f.n)}`).join(", ")}` : ""}.`,
    );
  } finally {
    await service.close();
    await receiver.close();
  }
}

await main();
