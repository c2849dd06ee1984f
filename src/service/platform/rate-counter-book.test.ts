import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { FLUSH_INTERVAL_MS, RateCounterBook } from "./rate-counter-book.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const window = (limit: number) => ({
  counter: "sustained" as const,
  start: new Date(Math.floor(Date.now() / 60_000) * 60_000),
  end: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000),
  limit,
});

describe("RateCounterBook", () => {
  it("counts a request in memory while a write of its window is in flight, however long that write takes", async () => {
    const book = new RateCounterBook(database.db);
    try {
      const w = window(1_000_000);
      // The first request of a window is counted in the database, the next ones in memory.
      expect(await book.count("bsp_book_1", [w])).toEqual([1]);
      expect(await book.count("bsp_book_1", [w])).toEqual([2]);
      let flushed = false;
      const flushing = book.flush().then(() => {
        flushed = true;
      });
      // Long after the last answer: without the write in flight, this request would wait for the database.
      const later = new Date(Date.now() + 10 * FLUSH_INTERVAL_MS);
      expect(await book.count("bsp_book_1", [w], later)).toEqual([3]);
      expect(flushed).toBe(false);
      await flushing;
      // The third request's count is written by the next flush: the book's own timer may have started it
      // already. Once this one returns, nothing is pending or in flight.
      await book.flush();
      // With nothing in flight, a request after a long quiet spell goes to the database again: it learns the
      // other processes' counts.
      let counted = false;
      const counting = book.count("bsp_book_1", [w], later).then((totals) => {
        counted = true;
        return totals;
      });
      await Promise.resolve();
      expect(counted).toBe(false);
      expect(await counting).toEqual([4]);
    } finally {
      await book.close();
    }
  });
});
