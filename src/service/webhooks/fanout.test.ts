import { asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../db/client.ts";
import { events, webhookDeliveries, webhooks } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { emit } from "../platform/outbox.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { fanOutChainId } from "./delivery-rows.ts";
import { FANOUT_LOCK, fanOutBatch, limitsAfter } from "./fanout.ts";
import { insertEndpoint } from "./webhooks-test-kit.ts";

let database: Database;
let brandspaceId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  brandspaceId = (await database.db.transaction((tx) => seedDemo(tx as never))).brandspaceId;
});
afterAll(() => database.close());

const endpoint = (subscribed: string[], enabled = true) =>
  insertEndpoint(database.db, brandspaceId, { events: subscribed, enabled });

const event = (type: "library.created" | "file.created" | "webhook.test") =>
  emit(database.db as Db, {
    brandspaceId,
    type,
    actor: { type: "system", id: null },
    data: { object: "library", id: newId("library"), name: "x" },
  });

describe("fan-out", () => {
  it("makes attempt 1 per subscribed endpoint for a batch of events, in event order, once", async () => {
    await database.db.update(events).set({ fannedOutAt: new Date() });
    const star = await endpoint(["*"]);
    const files = await endpoint(["file.created"]);
    const off = await endpoint(["*"], false);
    const made = [await event("library.created"), await event("webhook.test"), await event("file.created")];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = await endpoint(["*"]);

    const twoEvents = { events: 2, attempts: 100 };
    expect(await fanOutBatch(database.db, twoEvents)).toEqual({ events: 2, attempts: 2, full: true });
    expect(await fanOutBatch(database.db, twoEvents)).toEqual({ events: 1, attempts: 3, full: false });
    expect(await fanOutBatch(database.db, twoEvents)).toEqual({ events: 0, attempts: 0, full: false });
    expect(await database.db.select().from(events).where(isNull(events.fannedOutAt))).toEqual([]);

    const rows = await database.db
      .select()
      .from(webhookDeliveries)
      .orderBy(asc(webhookDeliveries.eventSeq), asc(webhookDeliveries.webhookId));
    const [library, , file] = made.map((e) => e.id);
    expect(rows.map((r) => `${r.eventId} ${r.webhookId} ${r.status}`).sort()).toEqual(
      [
        `${library} ${star} pending`,
        `${library} ${off} parked`,
        `${file} ${star} pending`,
        `${file} ${files} pending`,
        `${file} ${off} parked`,
      ].sort(),
    );
    expect(rows.some((r) => r.webhookId === late)).toBe(false);
    expect(rows.every((r) => r.attempt === 1 && r.origin === "fanout")).toBe(true);
    // Named as a test call names its chain: one chain per (event, endpoint) either way.
    expect(rows.every((r) => r.chainId === fanOutChainId(r.eventId, r.webhookId))).toBe(true);
  });

  // PGlite runs one transaction at a time: no other can hold the lock while a batch runs.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "leaves the events to the transaction that holds the fan-out lock, and takes them once it is released",
    async () => {
      await database.db.update(events).set({ fannedOutAt: new Date() });
      await endpoint(["*"]);
      const waiting = await event("library.created");
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const other = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FANOUT_LOCK})`);
        locked();
        await released;
      });
      await holding;
      expect(await fanOutBatch(database.db)).toEqual({ events: 0, attempts: 0, full: false });
      const [row] = await database.db.select().from(events).where(eq(events.id, waiting.id));
      expect(row?.fannedOutAt).toBeNull();
      release();
      await other;
      expect(await fanOutBatch(database.db)).toMatchObject({ events: 1 });
    },
  );

  it("never makes a second chain for an (event, endpoint), even when a batch is fanned out again", async () => {
    await database.db.update(events).set({ fannedOutAt: new Date() });
    const hook = await endpoint(["*"]);
    const made = await event("library.created");
    expect(await fanOutBatch(database.db)).toMatchObject({ events: 1, full: false });
    // As if the marker had been lost: the same event is fanned out a second time.
    await database.db.update(events).set({ fannedOutAt: null }).where(eq(events.id, made.id));
    expect(await fanOutBatch(database.db)).toMatchObject({ events: 1, full: false });

    const rows = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, made.id));
    expect(rows.filter((r) => r.webhookId === hook)).toHaveLength(1);
  });

  it("gives an endpoint the events after its creation, though the two times come from clocks a millisecond apart", async () => {
    await database.db.update(events).set({ fannedOutAt: new Date() });
    const hook = await endpoint(["*"]);
    const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, hook));
    const createdAt = row!.createdAt;
    // Stamped 1 ms before the endpoint: what an event a moment after it can read (the endpoint's time rounded up,
    // the event's truncated). Stamped 2 ms before: it came before the endpoint.
    const justAfter = await event("library.created");
    const before = await event("library.created");
    for (const [made, msBefore] of [
      [justAfter, 1],
      [before, 2],
    ] as const)
      await database.db
        .update(events)
        .set({ occurredAt: new Date(createdAt.getTime() - msBefore) })
        .where(eq(events.id, made.id));
    expect(await fanOutBatch(database.db)).toMatchObject({ events: 2, full: false });
    const attempts = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook));
    expect(attempts.map((a) => a.eventId)).toEqual([justAfter.id]);
  });

  it("keeps a batch within its attempts, taking whole events in order, and always the first", async () => {
    await database.db.update(events).set({ fannedOutAt: new Date() });
    await database.db.delete(webhooks);
    for (const subscribed of [["*"], ["*"], ["library.created"]]) await endpoint(subscribed);
    const made = [
      await event("library.created"),
      await event("file.created"),
      await event("library.created"),
    ];
    const attemptsOf = async (eventId: string) =>
      (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)))
        .length;

    // The first event makes 3 attempts; with the second's 2 the batch would pass 4.
    expect(await fanOutBatch(database.db, { events: 10, attempts: 4 })).toEqual({
      events: 1,
      attempts: 3,
      full: true,
    });
    expect(await attemptsOf(made[1]!.id)).toBe(0);
    // An event that makes more attempts than a batch allows still goes, alone.
    expect(await fanOutBatch(database.db, { events: 10, attempts: 1 })).toEqual({
      events: 1,
      attempts: 2,
      full: true,
    });
    expect(await fanOutBatch(database.db, { events: 10, attempts: 1 })).toEqual({
      events: 1,
      attempts: 3,
      full: false,
    });
    expect(await Promise.all(made.map((e) => attemptsOf(e.id)))).toEqual([3, 2, 3]);
    expect(await database.db.select().from(events).where(isNull(events.fannedOutAt))).toEqual([]);
  });
});

describe("the next batch's limits", () => {
  const bounds = { events: 500, attempts: 500 };

  it("reads as many events as the attempts bound lets through at the last batch's rate", () => {
    expect(limitsAfter(bounds, 10)).toEqual({ events: 50, attempts: 500 });
    expect(limitsAfter(bounds, 3)).toEqual({ events: 167, attempts: 500 });
    expect(limitsAfter(bounds, 1_000)).toEqual({ events: 1, attempts: 500 });
  });

  it("keeps the events bound where events made one attempt or none, or before any batch", () => {
    for (const rate of [0, 0.5, 1]) expect(limitsAfter(bounds, rate)).toEqual(bounds);
  });
});
