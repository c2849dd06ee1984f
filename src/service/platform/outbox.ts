import { sql } from "drizzle-orm";
import type { Actor, EventEnvelope, EventType } from "../../contract/events.ts";
import type { Db } from "../db/client.ts";
import { events } from "../db/schema/index.ts";
import type { AuthContext } from "./auth.ts";
import { newId } from "./ids.ts";

export interface EventInput {
  brandspaceId: string;
  type: EventType;
  actor: Actor;
  /** Minimal snapshot (ids and names) of the decisions document, never the full resource. */
  data: Record<string, unknown>;
  requestId?: string | null;
}

/** The actor rules of the spec, in one place. */
export const actors = {
  /** The common case: a key acts as its creator. */
  user: (auth: AuthContext): Actor => ({ type: "user", id: auth.user.id }),
  /** Only `webhook.test` and the import events. */
  apiKey: (auth: AuthContext): Actor => ({ type: "api_key", id: auth.key.id }),
  /** Scheduled jobs, cascades, the media processor. */
  system: (): Actor => ({ type: "system", id: null }),
  /** Shared-link visitors and transfer recipients. */
  anonymous: (): Actor => ({ type: "anonymous", id: null }),
};

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change, so that the change and
 * its event commit together or not at all. Every write of the API makes one: written as SQL rather than with the
 * insert builder, which walks the table's columns and defaults on each call (0.27–0.31 ms of CPU against 0.19).
 */
export async function emit(tx: Db, input: EventInput): Promise<{ id: string; occurredAt: Date }> {
  const id = newId("event");
  const occurredAt = new Date();
  await tx.execute(sql`
    insert into ${events} (id, brandspace_id, type, occurred_at, actor_type, actor_id, data, request_id)
    values (${id}, ${input.brandspaceId}, ${input.type}, ${occurredAt.toISOString()}::timestamptz,
      ${input.actor.type}, ${input.actor.id}, ${JSON.stringify(input.data)}::jsonb, ${input.requestId ?? null})`);
  return { id, occurredAt };
}

/** Events per statement of `emitMany`: seven array parameters, whatever their number. */
const EMIT_SLICE = 5_000;

/**
 * Writes many events of one brandspace, type and actor in order (a cascade's `file.deleted` per file, say), a few
 * thousand a statement instead of one each: a library of 100,000 files is deleted in seconds, not minutes.
 */
export async function emitMany(
  tx: Db,
  {
    brandspaceId,
    type,
    actor,
    data,
  }: Omit<EventInput, "data" | "requestId"> & { data: Record<string, unknown>[] },
): Promise<void> {
  for (let at = 0; at < data.length; at += EMIT_SLICE) {
    const slice = data.slice(at, at + EMIT_SLICE);
    const ids = slice.map(() => newId("event"));
    await tx.execute(sql`
      insert into ${events} (id, brandspace_id, type, occurred_at, actor_type, actor_id, data)
      select e.id, ${brandspaceId}, ${type}, ${new Date().toISOString()}::timestamptz, ${actor.type}, ${actor.id},
        e.data
      from unnest(${sql.param(ids)}::text[], ${sql.param(slice.map((d) => JSON.stringify(d)))}::jsonb[])
        with ordinality as e(id, data, position)
      order by e.position`);
  }
}

export type EventRow = typeof events.$inferSelect;

/** What an event's delivery body is made of. */
export type EnvelopeSource = Pick<
  EventRow,
  "id" | "type" | "occurredAt" | "brandspaceId" | "actorType" | "actorId" | "data"
>;

/** The delivery body of a stored event. */
export function toEnvelope(row: EnvelopeSource, attempt: number): EventEnvelope {
  return {
    id: row.id,
    object: "event",
    type: row.type as EventType,
    occurred_at: row.occurredAt.toISOString(),
    brandspace_id: row.brandspaceId,
    actor: { type: row.actorType as Actor["type"], id: row.actorId },
    data: row.data,
    attempt,
  };
}
