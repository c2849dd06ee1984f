import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { ApiError } from "../platform/errors.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { claimPasswordAttempt, PASSWORD_THROTTLE } from "./password-throttle.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const at = (time: string) => new Date(`2026-11-29T${time}Z`);
/** A wrong guess at `time`: whether the throttle let it through, or the 429's details. */
const guess = async (item: string, client: string, time: string) => {
  try {
    await claimPasswordAttempt(database.db, item, client, at(time));
    return "checked";
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.details as { limit: number; resets_at: string };
  }
};

describe("the password throttle", () => {
  it("counts a sliding 15 minutes, so a quarter hour's turn frees nothing", async () => {
    for (const time of ["10:14:10", "10:14:20", "10:14:30", "10:14:40"])
      expect(await guess("shl_a", "203.0.113.1", time)).toBe("checked");
    expect(await guess("shl_a", "203.0.113.1", "10:15:05")).toBe("checked");
    expect(await guess("shl_a", "203.0.113.1", "10:15:10")).toEqual({
      counter: "password_attempts",
      limit: PASSWORD_THROTTLE.perClient,
      resets_at: "2026-11-29T10:29:00.000Z",
    });
    expect(await guess("shl_a", "203.0.113.1", "10:28:59")).not.toBe("checked");
    // The minute of the first four has left the window: four guesses free up, the fifth of 10:15 still counts.
    for (const time of ["10:29:00", "10:29:01", "10:29:02", "10:29:03"])
      expect(await guess("shl_a", "203.0.113.1", time)).toBe("checked");
    expect(await guess("shl_a", "203.0.113.1", "10:29:04")).not.toBe("checked");
    // Another client of the same item has its own allowance.
    expect(await guess("shl_a", "203.0.113.2", "10:29:05")).toBe("checked");
  });

  it("gives back an attempt whose password was right", async () => {
    for (let i = 0; i < 10; i++) {
      const attempt = await claimPasswordAttempt(database.db, "shl_b", "203.0.113.3", at("11:00:00"));
      await attempt.release();
    }
    expect(await guess("shl_b", "203.0.113.3", "11:00:01")).toBe("checked");
  });

  it("holds the item's allowance across clients", async () => {
    for (let i = 0; i < PASSWORD_THROTTLE.perItem; i++)
      expect(await guess("shl_c", `198.51.100.${i}`, "12:00:00")).toBe("checked");
    expect(await guess("shl_c", "198.51.100.200", "12:00:30")).toMatchObject({
      limit: PASSWORD_THROTTLE.perItem,
    });
  });
});
