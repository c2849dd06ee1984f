import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "../db/client.ts";
import { webhookDeliveries } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { firstAttempt } from "./delivery-rows.ts";
import { pruneDeliveries } from "./retention.repository.ts";
import { insertEndpoint } from "./webhooks-test-kit.ts";

let database: Database;
let brandspaceId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  brandspaceId = (await database.db.transaction((tx) => seedDemo(tx as never))).brandspaceId;
});
afterAll(() => database.close());

const createEndpoint = () => insertEndpoint(database.db, brandspaceId);

const delivery = (
  webhookId: string,
  status: "success" | "failed" | "pending" | "parked",
  createdAt: Date,
) => ({
  ...firstAttempt({
    brandspaceId,
    webhookId,
    event: { id: newId("event"), seq: 1, type: "file.created" },
    origin: "fanout",
    enabled: true,
  }),
  status,
  createdAt,
});

async function idsOf(webhookId: string) {
  const rows = await database.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId));
  return rows.map((r) => r.id).sort();
}

describe("pruneDeliveries", () => {
  it("drops deliveries older than 30 days, parked ones too, and keeps pending ones", async () => {
    const webhookId = await createEndpoint();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const rows = [
      delivery(webhookId, "success", daysAgo(31)),
      delivery(webhookId, "success", daysAgo(29)),
      delivery(webhookId, "pending", daysAgo(31)),
      delivery(webhookId, "parked", daysAgo(31)),
    ];
    await database.db.insert(webhookDeliveries).values(rows);
    expect(await pruneDeliveries(database.db)).toBe(2);
    expect(await idsOf(webhookId)).toEqual([rows[1]!.id, rows[2]!.id].sort());
  });

  it("keeps the newest of each endpoint by count, pending ones among them, in chunks", async () => {
    const busy = await createEndpoint();
    const quiet = await createEndpoint();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const [newest, second, tieA, tieB, older, oldest, oldPending] = [
      delivery(busy, "pending", minutesAgo(0)),
      delivery(busy, "success", minutesAgo(1)),
      delivery(busy, "success", minutesAgo(2)),
      delivery(busy, "failed", minutesAgo(2)),
      delivery(busy, "parked", minutesAgo(3)),
      delivery(busy, "failed", minutesAgo(4)),
      delivery(busy, "pending", minutesAgo(5)),
    ];
    // Created in the same instant (as a fan-out's attempts are): the history lists the higher id first.
    tieB!.createdAt = tieA!.createdAt;
    const quietRows = [delivery(quiet, "success", minutesAgo(9)), delivery(quiet, "success", minutesAgo(10))];
    await database.db
      .insert(webhookDeliveries)
      .values([newest!, second!, tieA!, tieB!, older!, oldest!, oldPending!, ...quietRows]);
    const [firstOfTie] = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select id from webhook_deliveries where id in (${tieA!.id}, ${tieB!.id}) order by id desc limit 1`,
      ),
    );
    const limits = { keepPerEndpoint: 3, maxAgeDays: 30, chunk: 2 };
    // Beyond the third newest: the other of the tie, the parked and the failed one (two chunks); the pending stays.
    expect(await pruneDeliveries(database.db, limits)).toBe(3);
    expect(await idsOf(busy)).toEqual([newest!.id, second!.id, firstOfTie!.id, oldPending!.id].sort());
    expect(await idsOf(quiet)).toEqual(quietRows.map((r) => r.id).sort());
    expect(await pruneDeliveries(database.db, limits)).toBe(0);
  });
});
