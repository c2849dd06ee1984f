import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
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

/** 429 with `Retry-After` while the client, or everyone together, has used up the wrong attempts of this window. */
export async function checkPasswordThrottle(db: Db, itemId: string, client: string, now = new Date()) {
  const keys = counterKeys(client);
  const window = windowOf(now);
  const rows = await db
    .select({ counter: rateCounters.counter, used: rateCounters.used })
    .from(rateCounters)
    .where(
      and(
        eq(rateCounters.brandspaceId, itemId),
        inArray(rateCounters.counter, [keys.client, keys.item]),
        eq(rateCounters.windowStart, window.start),
      ),
    );
  const used = new Map(rows.map((r) => [r.counter, r.used]));
  if (
    (used.get(keys.client) ?? 0) >= PASSWORD_THROTTLE.perClient ||
    (used.get(keys.item) ?? 0) >= PASSWORD_THROTTLE.perItem
  ) {
    const retryAfter = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
    throw new ApiError(
      "rate_limited",
      "Too many wrong passwords; wait before trying again.",
      {
        counter: "password_attempts",
        limit: PASSWORD_THROTTLE.perClient,
        resets_at: window.end.toISOString(),
      },
      { "Retry-After": String(retryAfter) },
    );
  }
}

export async function recordPasswordFailure(db: Db, itemId: string, client: string, now = new Date()) {
  const keys = counterKeys(client);
  const { start } = windowOf(now);
  await db
    .insert(rateCounters)
    .values(
      [keys.client, keys.item].map((counter) => ({
        brandspaceId: itemId,
        counter,
        windowStart: start,
        used: 1,
      })),
    )
    .onConflictDoUpdate({
      target: [rateCounters.brandspaceId, rateCounters.counter, rateCounters.windowStart],
      set: { used: sql`${rateCounters.used} + 1` },
    });
}
