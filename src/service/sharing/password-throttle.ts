import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateCounters } from "../db/schema/index.ts";
import { ApiError } from "../platform/errors.ts";

/** Wrong passwords allowed per window: per client of one item, and per item from all clients together. */
export const PASSWORD_THROTTLE = { windowMs: 15 * 60_000, perClient: 5, perItem: 50 } as const;

// Counted in the rate counter table (shared by every service process), keyed by the item instead of a brandspace.
const counterKeys = (client: string) => {
  const clientKey = createHash("sha256").update(client).digest("base64url").slice(0, 22);
  return { client: `password_failures:${clientKey}`, item: "password_failures:*" };
};

function windowOf(now: Date) {
  const start = Math.floor(now.getTime() / PASSWORD_THROTTLE.windowMs) * PASSWORD_THROTTLE.windowMs;
  return { start: new Date(start), end: new Date(start + PASSWORD_THROTTLE.windowMs) };
}

/**
 * Takes one wrong attempt from the client's and the item's allowance before the password is checked, so that
 * guesses sent at once cannot all pass a check made before any of them is counted: 429 with `Retry-After` when
 * either allowance of this window is used up (that request takes nothing). Give it back (`release`) when the
 * password was right. Counted outside any transaction, so a refused attempt still counts.
 */
export async function claimPasswordAttempt(db: Db, itemId: string, client: string, now = new Date()) {
  const keys = counterKeys(client);
  const window = windowOf(now);
  const counted = await count(db, itemId, [keys.client, keys.item], window.start, 1);
  const over =
    (counted.get(keys.client) ?? 0) > PASSWORD_THROTTLE.perClient
      ? PASSWORD_THROTTLE.perClient
      : (counted.get(keys.item) ?? 0) > PASSWORD_THROTTLE.perItem
        ? PASSWORD_THROTTLE.perItem
        : null;
  const release = async () => {
    await count(db, itemId, [keys.client, keys.item], window.start, -1);
  };
  if (over !== null) {
    await release();
    const retryAfter = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
    throw new ApiError(
      "rate_limited",
      "Too many wrong passwords; wait before trying again.",
      { counter: "password_attempts", limit: over, resets_at: window.end.toISOString() },
      { "Retry-After": String(retryAfter) },
    );
  }
  return { release };
}

/** Adds `by` to each counter of the window (created at `by`), and answers what each holds then. */
async function count(db: Db, itemId: string, counters: string[], windowStart: Date, by: number) {
  const rows = await db
    .insert(rateCounters)
    .values(
      counters.map((counter) => ({ brandspaceId: itemId, counter, windowStart, used: Math.max(by, 0) })),
    )
    .onConflictDoUpdate({
      target: [rateCounters.brandspaceId, rateCounters.counter, rateCounters.windowStart],
      set: { used: sql`greatest(${rateCounters.used} + ${by}, 0)` },
    })
    .returning({ counter: rateCounters.counter, used: rateCounters.used });
  return new Map(rows.map((row) => [row.counter, row.used]));
}
