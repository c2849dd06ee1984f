import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "../db/client.ts";
import { webhookDeliveries, webhooks } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import type { DeliveryRow } from "./deliveries.repository.ts";
import {
  claimDueDeliveries,
  dueCandidates,
  nextDueAt,
  nextDueQuery,
  parkDisabled,
  releaseLeases,
  releaseOrphanedLeases,
  settleDeliveries,
} from "./delivery-queue.repository.ts";
import { firstAttempt } from "./delivery-rows.ts";

let database: Database;
let brandspaceId: string;
let seq = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  brandspaceId = (await database.db.transaction((tx) => seedDemo(tx as never))).brandspaceId;
});
afterAll(() => database.close());

async function endpoint(enabled = true): Promise<string> {
  const id = newId("webhook");
  await database.db.insert(webhooks).values({
    id,
    brandspaceId,
    url: "http://127.0.0.1:9/x",
    description: "",
    events: ["*"],
    enabled,
    secretSealed: "sealed",
    secretHint: "whsec_…abcd",
  });
  return id;
}

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

const claim = (limit = 100, leaseMs = 30_000, owner = "loop-a", ahead?: Record<string, number>) =>
  claimDueDeliveries(database.db, {
    limit,
    perEndpoint: 4,
    owner,
    ahead,
    leaseMs,
    shared: database.kind === "postgres",
  });

const success = (rows: Pick<DeliveryRow, "id">[]) =>
  settleDeliveries(
    database.db,
    rows.map(({ id }) => ({
      id,
      status: "success",
      deliveredAt: new Date(),
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
  it("claims each endpoint's due attempts in event order, never more than its bound in flight", async () => {
    await clear();
    const busy = await attempts(await endpoint(), 6);
    const quiet = await attempts(await endpoint(), 2);
    const later = await endpoint();
    await attempts(later, 1, 60_000);
    await attempts(await endpoint(false), 2);

    const first = await claim();
    expect(first.map((d) => d.id)).toEqual([...busy.slice(0, 4), ...quiet]);
    const leased = await database.db
      .select()
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.id,
          first.map((d) => d.id),
        ),
      );
    expect(leased).toHaveLength(first.length);
    expect(leased.every((d) => d.leaseUntil && d.leaseUntil > new Date())).toBe(true);
    expect(await claim()).toEqual([]);

    expect(await success(first.slice(0, 2))).toEqual(new Set(first.slice(0, 2).map((d) => d.id)));
    expect((await claim()).map((d) => d.id)).toEqual(busy.slice(4));
    expect(await success(first.slice(0, 2))).toEqual(new Set());
  });

  it("records when an attempt was answered, to the millisecond", async () => {
    await clear();
    const [queued] = await attempts(await endpoint(), 1);
    const [leased] = await claim();
    expect(leased?.id).toBe(queued);
    const answeredAt = new Date("2026-11-27T10:11:12.345Z");
    const settled = await settleDeliveries(database.db, [
      {
        id: queued!,
        status: "success",
        deliveredAt: answeredAt,
        httpStatus: 200,
        durationMs: 1,
        errorCode: null,
        responseExcerpt: "ok",
        sentUrl: "https://receiver.example/hook",
        sentSignature: "t=1,v1=00",
      },
    ]);
    expect(settled).toEqual(new Set([queued]));
    const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!));
    expect(row?.deliveredAt?.toISOString()).toBe(answeredAt.toISOString());
  });

  it("counts attempts answered but not yet recorded as out of flight for the claim beside their recording", async () => {
    await clear();
    const queue = await attempts(await endpoint(), 7);
    const first = await claim();
    expect(first.map((d) => d.id)).toEqual(queue.slice(0, 4));
    const answered = first.slice(0, 2).map((d) => d.id);
    const beside = await claimDueDeliveries(database.db, {
      limit: 100,
      perEndpoint: 4,
      owner: "loop-a",
      answered,
      leaseMs: 30_000,
      shared: database.kind === "postgres",
    });
    expect(beside.map((d) => d.id)).toEqual(queue.slice(4, 6));
    // Until their recording commits, every other claim still counts them in flight.
    expect(await claim()).toEqual([]);
  });

  it("leases ahead for an endpoint no other loop holds; another loop then gets only what the bound leaves", async () => {
    await clear();
    const hook = await endpoint();
    const queue = await attempts(hook, 12);
    const ahead = await claim(100, 30_000, "loop-a", { [hook]: 10 });
    expect(ahead.map((d) => d.id)).toEqual(queue.slice(0, 10));
    // Everything loop-a holds counts as in flight for every other loop.
    expect(await claim(100, 30_000, "loop-b", { [hook]: 10 })).toEqual([]);
    await success(ahead.slice(0, 7));
    expect((await claim(100, 30_000, "loop-b", { [hook]: 10 })).map((d) => d.id)).toEqual(
      queue.slice(10, 11),
    );
    // Now another loop holds one: loop-a gets no more than the bound leaves, ahead or not.
    expect(await claim(100, 30_000, "loop-a", { [hook]: 10 })).toEqual([]);
    await success(ahead.slice(7));
    expect((await claim(100, 30_000, "loop-a", { [hook]: 10 })).map((d) => d.id)).toEqual(queue.slice(11));
  });

  it("takes back only its owner's leases, which are then due at once", async () => {
    await clear();
    const queue = await attempts(await endpoint(), 3);
    expect((await claim(100, 30_000, "loop-a")).map((d) => d.id)).toEqual(queue);
    await releaseLeases(database.db, "loop-b", queue);
    expect(await claim(100, 30_000, "loop-b")).toEqual([]);
    await releaseLeases(database.db, "loop-a", queue.slice(0, 1));
    expect((await claim(100, 30_000, "loop-b")).map((d) => d.id)).toEqual(queue.slice(0, 1));
  });

  it("honours the claim's limit, oldest first across endpoints", async () => {
    await clear();
    const a = await attempts(await endpoint(), 2, -2_000);
    const b = await attempts(await endpoint(), 2, -1_000);
    expect((await claim(3)).map((d) => d.id)).toEqual([...a, b[0]]);
  });

  it("takes back an attempt whose lease lapsed (its sender died)", async () => {
    await clear();
    const [id] = await attempts(await endpoint(), 1);
    expect((await claim(100, 1)).map((d) => d.id)).toEqual([id]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await claim()).map((d) => d.id)).toEqual([id]);
  });

  it("gives back every lease a dead process held, and only those of pending attempts, at a restart", async () => {
    await clear();
    const queue = await attempts(await endpoint(), 3);
    expect((await claim(100, 60_000, "a process that died")).map((d) => d.id)).toEqual(queue);
    await success([{ id: queue[0]! }]);
    expect(await releaseOrphanedLeases(database.db)).toBe(2);
    expect((await claim(100, 30_000, "the restarted process")).map((d) => d.id)).toEqual(queue.slice(1));
  });

  it("parks the attempts of disabled endpoints, except those in flight", async () => {
    await clear();
    const hook = await endpoint();
    const [sending, waiting] = await attempts(hook, 2);
    await claim(1);
    await database.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.id, hook));
    await parkDisabled(database.db);
    const rows = await database.db
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook));
    expect(new Map(rows.map((r) => [r.id, r.status]))).toEqual(
      new Map([
        [sending, "pending"],
        [waiting, "parked"],
      ]),
    );
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
    await claim(1, 10_000);
    const lapse = await nextDueAt(database.db);
    expect(Math.abs(lapse!.getTime() - (Date.now() + 10_000))).toBeLessThan(5_000);
  });
});

describe("the delivery queue with a long history and backlog", () => {
  beforeAll(async () => {
    await clear();
    const hooks = await Promise.all(Array.from({ length: 10 }, () => endpoint()));
    // 30,000 settled attempts and 10,000 pending ones behind 40 in flight, as a busy dispatcher leaves them.
    await database.db.execute(sql`
      insert into webhook_deliveries (id, brandspace_id, webhook_id, chain_id, event_id, event_seq, event_type,
        status, attempt, origin, scheduled_at, lease_until, request_id)
      select 'dlv_bulk_' || i || '_' || w, ${brandspaceId}, (${JSON.stringify(hooks)}::jsonb) ->> (w - 1),
        'dlv_bulk_' || i || '_' || w, 'evt_bulk_' || i, 100000 + i, 'file.created',
        case when i <= 3000 then 'success' else 'pending' end, 1, 'fanout',
        now() - interval '1 hour' + i * interval '1 ms',
        case when i between 3001 and 3004 then now() + interval '30 seconds' end, 'req_bulk'
      from generate_series(1, 4000) i, generate_series(1, 10) w`);
    await database.db.execute(sql`analyze`);
  }, 60_000);

  async function plan(query: ReturnType<typeof sql>) {
    const rows = rowsOf<Record<string, string>>(await database.db.execute(sql`explain ${query}`));
    return rows.map((row) => Object.values(row)[0]).join("\n");
  }

  it("claims from the front of each endpoint's queue, not from a scan of the table", async () => {
    const claimPlan = await plan(dueCandidates({ limit: 256, perEndpoint: 4, owner: "loop-a", ahead: {} }));
    expect(claimPlan).toMatch(/Index (Only )?Scan using webhook_deliveries_queue/);
    expect(claimPlan).toMatch(/Index (Only )?Scan using webhook_deliveries_leased/);
    const duePlan = await plan(nextDueQuery);
    expect(duePlan).toMatch(/webhook_deliveries_queue/);
    expect(`${claimPlan}\n${duePlan}`).not.toMatch(/Seq Scan on webhook_deliveries/);
    expect(await claim()).toEqual([]);
  });
});
