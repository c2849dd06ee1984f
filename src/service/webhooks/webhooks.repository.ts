import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { webhooks } from "../db/schema/index.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = typeof webhooks.$inferInsert;
type WebhookChanges = Partial<
  Pick<
    WebhookRow,
    | "url"
    | "description"
    | "events"
    | "enabled"
    | "disabledReason"
    | "secretSealed"
    | "secretHint"
    | "previousSecretSealed"
    | "previousSecretExpiresAt"
  >
>;

export async function insertWebhook(db: Db, values: NewWebhookRow): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

/** Newest first, after an optional keyset position. */
export function listWebhookRows(db: Db, brandspaceId: string, limit: number, after: [string, string] | null) {
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.brandspaceId, brandspaceId),
        after
          ? keysetAfter(
              [webhooks.createdAt, webhooks.id],
              [sql`${after[0]}::timestamptz`, sql`${after[1]}`],
              "desc",
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id))
    .limit(limit);
}

export async function findWebhook(db: Db, brandspaceId: string, id: string): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.brandspaceId, brandspaceId), eq(webhooks.id, id)));
  return row ?? null;
}

/** Locks the endpoint row for the rest of the transaction (roll, enable). */
export async function lockWebhook(db: Db, brandspaceId: string, id: string): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.brandspaceId, brandspaceId), eq(webhooks.id, id)))
    .for("update");
  return row ?? null;
}

export async function updateWebhookRow(
  db: Db,
  brandspaceId: string,
  id: string,
  changes: WebhookChanges,
): Promise<WebhookRow | null> {
  const [row] = await db
    .update(webhooks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(webhooks.brandspaceId, brandspaceId), eq(webhooks.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteWebhookRow(db: Db, brandspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.brandspaceId, brandspaceId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return rows.length === 1;
}

/** Disables an endpoint unless it is already disabled (a manual disable keeps its reason). */
export async function autoDisableWebhook(db: Db, id: string, reason: "failing" | "gone"): Promise<void> {
  await db
    .update(webhooks)
    .set({ enabled: false, disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.enabled, true)));
}

/** For the dispatcher, which works across brandspaces: the delivery row already names the endpoint. */
export async function findWebhookById(db: Db, id: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row ?? null;
}

/**
 * A version of what sending uses of an endpoint's row (URL, enabled, secrets): equal versions, equal sends. Not the
 * row's own version (`xmin`), which every recorded success would change.
 */
export const sendingVersion = sql<string>`md5(row(${webhooks.url}, ${webhooks.enabled}, ${webhooks.secretSealed},
  ${webhooks.previousSecretSealed}, ${webhooks.previousSecretExpiresAt})::text)`;

/** The endpoints of attempts to send, by id, each with its `sendingVersion`. */
export async function findWebhooksForSending(
  db: Db,
  ids: string[],
): Promise<Map<string, { row: WebhookRow; version: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ row: webhooks, version: sendingVersion })
    .from(webhooks)
    .where(inArray(webhooks.id, ids));
  return new Map(rows.map(({ row, version }) => [row.id, { row, version }]));
}

/** Each endpoint's `last_success_at` moves to the given moment, never backwards. */
export async function markLastSuccess(db: Db, rows: { id: string; at: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update webhooks w set last_success_at = greatest(w.last_success_at, s.at)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(id text, at timestamptz)
    where w.id = s.id`);
}
