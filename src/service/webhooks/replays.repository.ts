import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { webhookReplays } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type ReplayRow = typeof webhookReplays.$inferSelect;
export type NewReplayRow = typeof webhookReplays.$inferInsert;

export async function insertReplay(db: Db, values: NewReplayRow): Promise<ReplayRow> {
  const [row] = await db.insert(webhookReplays).values(values).returning();
  return row!;
}

export async function findReplay(db: Db, webhookId: string, replayId: string): Promise<ReplayRow | null> {
  const [row] = await db
    .select()
    .from(webhookReplays)
    .where(and(eq(webhookReplays.webhookId, webhookId), eq(webhookReplays.id, replayId)));
  return row ?? null;
}

/** A queued replay becomes `running` (a replay already running or completed stays as it is). */
export async function markReplayRunning(db: Db, replayId: string): Promise<void> {
  await db
    .update(webhookReplays)
    .set({ status: "running" })
    .where(and(eq(webhookReplays.id, replayId), eq(webhookReplays.status, "queued")));
}

/** Locks the replay for the rest of the transaction, so that two runs of its job do not both deliver. */
export async function lockReplay(db: Db, replayId: string): Promise<ReplayRow | null> {
  const [row] = await db.select().from(webhookReplays).where(eq(webhookReplays.id, replayId)).for("update");
  return row ?? null;
}

export async function completeReplay(db: Db, replayId: string, eventCount: number): Promise<void> {
  await db
    .update(webhookReplays)
    .set({ status: "completed", eventCount })
    .where(eq(webhookReplays.id, replayId));
}

/** An endpoint's replays, newest first, after an optional keyset position. */
export function listReplayRows(
  db: Db,
  webhookId: string,
  { limit, after }: { limit: number; after: [string, string] | null },
) {
  return db
    .select()
    .from(webhookReplays)
    .where(
      and(
        eq(webhookReplays.webhookId, webhookId),
        after
          ? keysetAfter(
              [webhookReplays.createdAt, webhookReplays.id],
              [sql`${after[0]}::timestamptz`, sql`${after[1]}`],
              "desc",
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookReplays.createdAt), desc(webhookReplays.id))
    .limit(limit);
}
