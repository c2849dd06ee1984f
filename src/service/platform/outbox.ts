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
 * its event commit together or not at all.
 */
export async function emit(tx: Db, input: EventInput): Promise<{ id: string; occurredAt: Date }> {
  const id = newId("event");
  const occurredAt = new Date();
  await tx.insert(events).values({
    id,
    brandspaceId: input.brandspaceId,
    type: input.type,
    occurredAt,
    actorType: input.actor.type,
    actorId: input.actor.id,
    data: input.data,
    requestId: input.requestId ?? null,
  });
  return { id, occurredAt };
}

export type EventRow = typeof events.$inferSelect;

/** The delivery body of a stored event. */
export function toEnvelope(row: EventRow, attempt: number): EventEnvelope {
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
