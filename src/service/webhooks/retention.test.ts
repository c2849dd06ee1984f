import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { webhookDeliveries, webhooks } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { firstAttempt } from "./delivery-rows.ts";
import { pruneDeliveries } from "./retention.repository.ts";

let database: Database;
let brandspaceId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  brandspaceId = (await database.db.transaction((tx) => seedDemo(tx as never))).brandspaceId;
});
afterAll(() => database.close());

describe("pruneDeliveries", () => {
  it("drops settled deliveries older than 30 days and keeps pending ones", async () => {
    const webhookId = newId("webhook");
    await database.db.insert(webhooks).values({
      id: webhookId,
      brandspaceId,
      url: "http://127.0.0.1:9/x",
      description: "",
      events: ["*"],
      enabled: true,
      secretSealed: "sealed",
      secretHint: "whsec_…abcd",
    });
    const row = (status: "success" | "pending", ageDays: number) => ({
      ...firstAttempt({
        brandspaceId,
        webhookId,
        event: { id: newId("event"), seq: 1, type: "file.created" },
        origin: "fanout",
        enabled: true,
      }),
      status,
      createdAt: new Date(Date.now() - ageDays * 86_400_000),
    });
    const rows = [row("success", 31), row("success", 29), row("pending", 31)];
    await database.db.insert(webhookDeliveries).values(rows);
    expect(await pruneDeliveries(database.db)).toBe(1);
    const left = await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(left.map((r) => r.id).sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
  });
});
