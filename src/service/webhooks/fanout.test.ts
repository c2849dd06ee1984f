import { asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../db/client.ts";
import { events, webhookDeliveries, webhooks } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { emit } from "../platform/outbox.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { fanOutBatch } from "./fanout.ts";

let database: Database;
let brandspaceId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  brandspaceId = (await database.db.transaction((tx) => seedDemo(tx as never))).brandspaceId;
});
afterAll(() => database.close());

async function endpoint(subscribed: string[], enabled = true) {
  const id = newId("webhook");
  await database.db.insert(webhooks).values({
    id,
    brandspaceId,
    url: "http://127.0.0.1:9/x",
    description: "",
    events: subscribed,
    enabled,
    secretSealed: "sealed",
    secretHint: "whsec_…abcd",
  });
  return id;
}

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

    expect(await fanOutBatch(database.db, 2)).toBe(2);
    expect(await fanOutBatch(database.db, 2)).toBe(1);
    expect(await fanOutBatch(database.db, 2)).toBe(0);
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
  });

  it("never makes a second chain for an (event, endpoint), even when a batch is fanned out again", async () => {
    await database.db.update(events).set({ fannedOutAt: new Date() });
    const hook = await endpoint(["*"]);
    const made = await event("library.created");
    expect(await fanOutBatch(database.db)).toBe(1);
    // As if the marker had been lost: the same event is fanned out a second time.
    await database.db.update(events).set({ fannedOutAt: null }).where(eq(events.id, made.id));
    expect(await fanOutBatch(database.db)).toBe(1);

    const rows = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, made.id));
    expect(rows.filter((r) => r.webhookId === hook)).toHaveLength(1);
  });
});
