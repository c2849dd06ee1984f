import { getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newId } from "../platform/ids.ts";
import { seedDemo } from "../seed/demo-seed.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { firstAttempt } from "../webhooks/delivery-rows.ts";
import { type Database, rowsOf } from "./client.ts";
import { compileSelection } from "./compiled-selection.ts";
import { webhookDeliveries, webhooks } from "./schema/index.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const { brandspaceId } = await database.db.transaction((tx) => seedDemo(tx as never));
  const webhookId = newId("webhook");
  await database.db.insert(webhooks).values({
    id: webhookId,
    brandspaceId,
    url: "http://127.0.0.1:9/x",
    description: "",
    events: ["file.created", "file.*"],
    enabled: false,
    secretSealed: "sealed",
    secretHint: "whsec_…abcd",
    lastSuccessAt: new Date("2026-01-02T03:04:05.678Z"),
  });
  await database.db.insert(webhookDeliveries).values({
    ...firstAttempt({
      brandspaceId,
      webhookId,
      event: { id: newId("event"), seq: 9_007_199_254, type: "file.created" },
      origin: "fanout",
      enabled: true,
    }),
    httpStatus: 503,
    deliveredAt: new Date("2026-11-26T10:00:00.001Z"),
  });
});
afterAll(() => database.close());

it("reads rows exactly as a Drizzle select of the same columns: dates, arrays, big numbers, nulls, booleans", async () => {
  for (const table of [webhooks, webhookDeliveries]) {
    const columns = getTableColumns(table);
    const compiled = compileSelection<Record<string, unknown>>(columns);
    const viaDrizzle = await database.db.select(columns).from(table);
    const raw = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`select ${compiled.list} from ${table}`),
    );
    expect(viaDrizzle.length).toBeGreaterThan(0);
    expect(compiled.read(raw)).toEqual(viaDrizzle);
  }
});
