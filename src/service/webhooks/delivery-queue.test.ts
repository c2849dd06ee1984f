import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "../db/client.ts";
import { events, webhookDeliveries, webhookSenders, webhooks } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { emit, toEnvelope } from "../platform/outbox.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import type { DeliveryRow } from "./deliveries.repository.ts";
import {
  claimDueDeliveries,
  claimStatement,
  type EndpointClaim,
  nextDueAt,
  nextDueQuery,
  parkDisabled,
  parkDisabledStatement,
  releaseOrphanedSenders,
  releaseSenders,
  settleDeliveries,
} from "./delivery-queue.repository.ts";
import { firstAttempt } from "./delivery-rows.ts";
import { insertEndpoint } from "./webhooks-test-kit.ts";

let database: Database;
let brandspaceId: string;
let seq = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  brandspaceId = (await database.db.transaction((tx) => seedDemo(tx as never))).brandspaceId;
});
afterAll(() => database.close());

const endpoint = (enabled = true) => insertEndpoint(database.db, brandspaceId, { enabled });

/** Pending attempts 1 of new events, due `inMs` from now (in the past when negative), in event order. */
async function attempts(webhookId: string, count: number, inMs = -1_000) {
  const rows = Array.from({ length: count }, () => ({
    ...firstAttempt({
      brandspaceId,
      webhookId,
      event: { id: newId("event"), seq: ++seq, type: "file.created" },
      origin: "fanout",
      enabled: true,
    }),
    scheduledAt: new Date(Date.now() + inMs),
  }));
  await database.db.insert(webhookDeliveries).values(rows);
  return rows.map((row) => row.id);
}

const claim = (
  options: {
    limit?: number;
    owner?: string;
    leaseMs?: number;
    endpoints?: Record<string, EndpointClaim>;
  } = {},
) =>
  claimDueDeliveries(database.db, {
    limit: options.limit ?? 100,
    perEndpoint: 4,
    owner: options.owner ?? "loop-a",
    leaseMs: options.leaseMs ?? 30_000,
    endpoints: options.endpoints,
  });
const claimedIds = async (options: Parameters<typeof claim>[0] = {}) =>
  (await claim(options)).attempts.map((d) => d.id);

const success = (rows: Pick<DeliveryRow, "id">[], deliveredAt = new Date()) =>
  settleDeliveries(
    database.db,
    rows.map(({ id }) => ({
      id,
      status: "success",
      deliveredAt,
      httpStatus: 200,
      durationMs: 1,
      errorCode: null,
      responseExcerpt: "ok",
      sentUrl: "https://receiver.example/hook",
      sentSignature: "t=1,v1=00",
    })),
  );

async function clear() {
  await database.db.delete(webhooks);
}

describe("the delivery queue", () => {
  it("leases the endpoints with attempts due and claims up to each one's bound from the front, in event order", async () => {
    await clear();
    const busyHook = await endpoint();
    const busy = await attempts(busyHook, 6);
    const quietHook = await endpoint();
    const quiet = await attempts(quietHook, 2);
    await attempts(await endpoint(), 1, 60_000);
    await attempts(await endpoint(false), 2);

    const first = await claim();
    expect(first.attempts.map((d) => d.id)).toEqual([...busy.slice(0, 4), ...quiet]);
    expect(new Set(first.renewed)).toEqual(new Set([busyHook, quietHook]));
    const leases = await database.db.select().from(webhookSenders);
    expect(leases).toHaveLength(2);
    expect(leases.every((lease) => lease.leasedBy === "loop-a" && lease.leaseUntil > new Date())).toBe(true);
    // An attempt itself is not written by a claim.
    const [row] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, busy[0]!));
    expect(row?.status).toBe("pending");
  });

  it("brings the claimed attempts' events, each once, as the delivery body needs them", async () => {
    await clear();
    const event = await database.db.transaction((tx) =>
      emit(tx as never, {
        brandspaceId,
        type: "library.updated",
        actor: { type: "user", id: "usr_claim" },
        data: { object: "library", id: "lib_claim", name: "Ünïcode “quoted” — 🎨", count: 3 },
      }),
    );
    const [row] = await database.db.select().from(events).where(eq(events.id, event.id));
    const hooks = [await endpoint(), await endpoint()];
    await database.db.insert(webhookDeliveries).values(
      hooks.map((webhookId) =>
        firstAttempt({
          brandspaceId,
          webhookId,
          event: { id: event.id, seq: row!.seq, type: row!.type },
          origin: "fanout",
          enabled: true,
        }),
      ),
    );
    const claimed = await claim();
    expect(claimed.attempts).toHaveLength(2);
    expect(claimed.events).toHaveLength(1);
    expect(toEnvelope(claimed.events[0]!, 1)).toEqual(toEnvelope(row!, 1));
  });

  it("names the claimed attempts' endpoints with versions that change with what sending uses of them", async () => {
    await clear();
    const [first, second] = [await endpoint(), await endpoint()];
    await attempts(first, 1);
    await attempts(second, 1);
    const versions = async () =>
      new Map((await claim()).endpoints.map(({ id, version }) => [id, version] as const));
    const before = await versions();
    expect([...before.keys()].sort()).toEqual([first, second].sort());
    expect(await versions()).toEqual(before);

    // Not the last success, which every few answers move.
    await database.db.update(webhooks).set({ lastSuccessAt: new Date() });
    expect(await versions()).toEqual(before);

    const changes = [
      { url: "http://127.0.0.1:9/moved" },
      { secretSealed: "sealed again" },
      { previousSecretSealed: "sealed before" },
      { previousSecretExpiresAt: new Date() },
    ];
    let last = before.get(first);
    for (const change of changes) {
      await database.db.update(webhooks).set(change).where(eq(webhooks.id, first));
      const after = await versions();
      expect(after.get(first), JSON.stringify(change)).not.toBe(last);
      expect(after.get(second)).toBe(before.get(second));
      last = after.get(first);
    }
  });

  it("reads on from the last attempt the loop holds, and skips what it names", async () => {
    await clear();
    const hook = await endpoint();
    const queue = await attempts(hook, 7);
    const first = await claim({ endpoints: { [hook]: { take: 3 } } });
    expect(first.attempts.map((d) => d.id)).toEqual(queue.slice(0, 3));
    const after = first.attempts.at(-1)!.queueKey;
    expect(await claimedIds({ endpoints: { [hook]: { take: 2, after } } })).toEqual(queue.slice(3, 5));
    expect(await claimedIds({ endpoints: { [hook]: { take: 0, after } } })).toEqual([]);
    // From the front again (the loop holds none), without the answers being recorded beside the claim.
    expect(await claimedIds({ endpoints: { [hook]: { take: 3, skip: queue.slice(0, 5) } } })).toEqual(
      queue.slice(5),
    );
  });

  it("sweeps behind the last attempt held for one committed later with an earlier place", async () => {
    await clear();
    const hook = await endpoint();
    const queue = await attempts(hook, 3);
    const held = await claim({ endpoints: { [hook]: { take: 3 } } });
    const after = held.attempts.at(-1)!.queueKey;
    // As a transaction that began before the claim and committed after it leaves an attempt.
    const [late] = await attempts(hook, 1, -5_000);
    expect(await claimedIds({ endpoints: { [hook]: { take: 5, after } } })).toEqual([]);
    expect(await claimedIds({ endpoints: { [hook]: { take: 5, upTo: after, skip: queue } } })).toEqual([
      late,
    ]);
  });

  it("records when an attempt was answered, to the millisecond", async () => {
    await clear();
    const [queued] = await attempts(await endpoint(), 1);
    expect(await claimedIds()).toEqual([queued]);
    const answeredAt = new Date("2026-11-27T10:11:12.345Z");
    const settled = await success([{ id: queued! }], answeredAt);
    expect(settled).toEqual(new Set([queued]));
    const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!));
    expect(row?.deliveredAt?.toISOString()).toBe(answeredAt.toISOString());
    // Settled once: a second answer (a resend after a lapsed lease) is dropped.
    expect(await success([{ id: queued! }])).toEqual(new Set());
  });

  it("gives an endpoint to one loop at a time: another gets it when the holder lets go or its lease lapses", async () => {
    await clear();
    const hook = await endpoint();
    const queue = await attempts(hook, 6);
    const started = Date.now();
    const first = await claim({ owner: "loop-a", leaseMs: 2_000, endpoints: { [hook]: { take: 2 } } });
    expect(first.attempts.map((d) => d.id)).toEqual(queue.slice(0, 2));
    expect(await claim({ owner: "loop-b" })).toEqual({
      renewed: [],
      attempts: [],
      events: [],
      endpoints: [],
    });
    // The holder claims on under its lease as it is until a quarter of it is gone, then renews it, holding its
    // target or not.
    const after = first.attempts.at(-1)!.queueKey;
    const renewed = async () =>
      (await claim({ owner: "loop-a", leaseMs: 2_000, endpoints: { [hook]: { take: 0, after } } })).renewed;
    expect(await renewed()).toEqual([]);
    expect(Date.now() - started).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await renewed()).toEqual([hook]);
    await releaseSenders(database.db, "loop-b");
    expect(await claimedIds({ owner: "loop-b" })).toEqual([]);
    await releaseSenders(database.db, "loop-a");
    expect(await claimedIds({ owner: "loop-b", leaseMs: 1 })).toEqual(queue.slice(0, 4));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await claimedIds({ owner: "loop-c", endpoints: { [hook]: { take: 1 } } })).toEqual(
      queue.slice(0, 1),
    );
  });

  it("leases only the endpoints it gives attempts to or whose attempts the loop holds", async () => {
    await clear();
    const [a, b] = [await endpoint(), await endpoint()];
    const queueA = await attempts(a, 2, -2_000);
    await attempts(b, 2, -1_000);
    expect(await claim({ owner: "loop-a", limit: 0 })).toEqual({
      renewed: [],
      attempts: [],
      events: [],
      endpoints: [],
    });
    expect(await claimedIds({ owner: "loop-a", limit: 1 })).toEqual(queueA.slice(0, 1));
    expect((await database.db.select().from(webhookSenders)).map((lease) => lease.webhookId)).toEqual([a]);
    // b is free for another loop.
    expect(await claimedIds({ owner: "loop-b", endpoints: { [a]: { take: 4 } } })).toHaveLength(2);
  });

  it("honours the claim's limit, oldest first across endpoints", async () => {
    await clear();
    const a = await attempts(await endpoint(), 2, -2_000);
    const b = await attempts(await endpoint(), 2, -1_000);
    expect(await claimedIds({ limit: 3 })).toEqual([...a, b[0]]);
  });

  it("gives back every endpoint a dead process held at a restart", async () => {
    await clear();
    const queue = await attempts(await endpoint(), 3);
    expect(await claimedIds({ owner: "a process that died", leaseMs: 60_000 })).toEqual(queue);
    await success([{ id: queue[0]! }]);
    expect(await claimedIds({ owner: "the restarted process" })).toEqual([]);
    expect(await releaseOrphanedSenders(database.db)).toBe(1);
    expect(await claimedIds({ owner: "the restarted process" })).toEqual(queue.slice(1));
  });

  it("parks the attempts of disabled endpoints once no loop holds them (some may be in flight)", async () => {
    await clear();
    const hook = await endpoint();
    await attempts(hook, 2);
    await claim({ limit: 1 });
    await database.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.id, hook));
    const statuses = async () =>
      (
        await database.db
          .select({ status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, hook))
      ).map((row) => row.status);
    // Parked by another loop, or by the holder while one of its attempts is in flight: not yet.
    await parkDisabled(database.db, { owner: "loop-b", busy: [] });
    await parkDisabled(database.db, { owner: "loop-a", busy: [hook] });
    expect(await statuses()).toEqual(["pending", "pending"]);
    // The holder has nothing in flight any more: it lets go of the endpoint, and its attempts are parked.
    await parkDisabled(database.db, { owner: "loop-a", busy: [] });
    expect(await statuses()).toEqual(["parked", "parked"]);
    expect(await database.db.select().from(webhookSenders)).toEqual([]);
  });

  it("wakes for the next retry or lapsing lease, not for what is due or parked", async () => {
    await clear();
    expect(await nextDueAt(database.db)).toBeNull();
    const hook = await endpoint();
    await attempts(hook, 1);
    expect(await nextDueAt(database.db)).toBeNull();
    await attempts(hook, 1, 60_000);
    await attempts(await endpoint(false), 1, 30_000);
    const retry = await nextDueAt(database.db);
    expect(Math.abs(retry!.getTime() - (Date.now() + 60_000))).toBeLessThan(5_000);
    await claim({ limit: 1, leaseMs: 10_000 });
    const lapse = await nextDueAt(database.db);
    expect(Math.abs(lapse!.getTime() - (Date.now() + 10_000))).toBeLessThan(5_000);
  });
});

describe("the delivery queue with a long history and backlog", () => {
  beforeAll(async () => {
    await clear();
    const hooks = await Promise.all(Array.from({ length: 10 }, () => endpoint()));
    // 30,000 settled attempts and 10,000 pending ones, as a busy dispatcher leaves them.
    await database.db.execute(sql`
      insert into webhook_deliveries (id, brandspace_id, webhook_id, chain_id, event_id, event_seq, event_type,
        status, attempt, origin, scheduled_at, request_id)
      select 'dlv_bulk_' || i || '_' || w, ${brandspaceId}, (${JSON.stringify(hooks)}::jsonb) ->> (w - 1),
        'dlv_bulk_' || i || '_' || w, 'evt_bulk_' || i, 100000 + i, 'file.created',
        case when i <= 3000 then 'success' else 'pending' end, 1, 'fanout',
        now() - interval '1 hour' + i * interval '1 ms', 'req_bulk'
      from generate_series(1, 4000) i, generate_series(1, 10) w`);
    // Not analyzed since: a burst of events leaves a backlog the statistics know nothing of, until autovacuum.
  }, 60_000);

  async function plan(query: ReturnType<typeof sql>) {
    const rows = rowsOf<Record<string, string>>(await database.db.execute(sql`explain ${query}`));
    return rows.map((row) => Object.values(row)[0]).join("\n");
  }

  it("claims from the front of each endpoint's queue or from after what its loop holds, never by a scan", async () => {
    const first = await claim({ limit: 256 });
    expect(first.attempts).toHaveLength(40);
    const after = Object.fromEntries(
      first.attempts.map((attempt) => [attempt.webhookId, { take: 64, after: attempt.queueKey }]),
    );
    const frontPlan = await plan(claimStatement({ limit: 256, perEndpoint: 4, owner: "loop-a", leaseMs: 1 }));
    const afterPlan = await plan(
      claimStatement({ limit: 256, perEndpoint: 4, owner: "loop-a", leaseMs: 1, endpoints: after }),
    );
    for (const claimPlan of [frontPlan, afterPlan]) {
      expect(claimPlan).toMatch(/Index (Only )?Scan using webhook_deliveries_queue/);
      // The place to read on from is part of the index condition: the attempts held are not stepped over.
      expect(claimPlan).toMatch(/Index Cond: .*ROW\(scheduled_at, event_seq, id\) > ROW/);
    }
    const duePlan = await plan(nextDueQuery);
    expect(duePlan).toMatch(/webhook_deliveries_queue/);
    expect(`${frontPlan}\n${afterPlan}\n${duePlan}`).not.toMatch(
      /(Seq|Bitmap Heap) Scan on webhook_deliveries/,
    );
    const next = await claim({ limit: 1_000, endpoints: after });
    expect(next.attempts).toHaveLength(640);
    expect(next.attempts.filter((attempt) => first.attempts.some((held) => held.id === attempt.id))).toEqual(
      [],
    );
  });

  it("does not look for due attempts from the front of a queue the claiming loop holds a place in", async () => {
    // The front of each queue is where settled attempts' entries lie until a vacuum: 3,000 per endpoint here.
    const probes = async (endpoints?: Parameters<typeof claimStatement>[0]["endpoints"]) => {
      const analyzed = await plan(
        sql`(analyze, costs off) ${claimStatement({ limit: 1, perEndpoint: 4, owner: "loop-a", leaseMs: 30_000, endpoints })}`,
      );
      return analyzed
        .split("\n")
        .filter((line) => /Index Only Scan using webhook_deliveries_queue/.test(line));
    };
    const held = await claim({ limit: 10 });
    const places = Object.fromEntries(
      held.attempts.map((attempt) => [attempt.webhookId, { take: 1, after: attempt.queueKey }]),
    );
    expect(await probes()).toEqual([expect.not.stringMatching(/never executed/)]);
    expect(await probes(places)).toEqual([expect.stringMatching(/never executed/)]);
  });

  it("parks the attempts of disabled endpoints without reading those of the others", async () => {
    const parkPlan = (await plan(parkDisabledStatement({ owner: "loop-a", busy: [] }))).split("\n");
    const queueScans = parkPlan.flatMap((line, at) =>
      /Scan (using|on) webhook_deliveries_queue/.test(line) ? [parkPlan[at + 1]] : [],
    );
    // Only the queue ranges of the disabled endpoints: no scan of the whole queue, nor of the table.
    expect(queueScans).toEqual([expect.stringMatching(/Index Cond: \(webhook_id = ANY/)]);
    expect(parkPlan.join("\n")).not.toMatch(/Seq Scan on webhook_deliveries/);
  });
});
