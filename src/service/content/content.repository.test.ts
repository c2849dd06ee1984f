import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { blobs } from "../db/schema/index.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { touchBlobs } from "./content.repository.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const sha = (i: number) => createHash("sha256").update(`blob ${i}`).digest("hex");

describe("touchBlobs", () => {
  it("records every blob once, new or known, over more rows than one statement takes", async () => {
    const db = database.db;
    const longAgo = new Date("2020-01-01T00:00:00Z");
    await db.insert(blobs).values({ sha256: sha(0), size: 10, createdAt: longAgo });
    // 12,000 uses of 6,000 blobs, each named twice (as files sharing bytes are in a zip), in no order.
    const used = Array.from({ length: 12_000 }, (_, i) => ({
      blobSha256: sha((i * 7919) % 6_000),
      size: 10,
    }));
    await touchBlobs(db, used);
    const rows = await db
      .select({ sha256: blobs.sha256, createdAt: blobs.createdAt })
      .from(blobs)
      .where(inArray(blobs.sha256, [sha(0), sha(5_999)]));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.createdAt.getTime()).toBeGreaterThan(longAgo.getTime());
    expect((await db.select({ sha256: blobs.sha256 }).from(blobs)).length).toBe(6_000);
  });

  it("does nothing for no blobs", async () => {
    await touchBlobs(database.db, []);
  });
});
