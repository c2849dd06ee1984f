import type { Logger } from "pino";
import type { Agent } from "undici";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { enqueueJob, enqueueLookForWork } from "../jobs/enqueue-job.ts";
import { nextDueAt, vacuumDeliveries } from "./delivery-queue.repository.ts";
import { type DispatchLoop, type DispatchSummary, startDispatchLoop } from "./dispatch-loop.ts";
import { createDeliveryAgent } from "./send-delivery.ts";
import { webhookAddressPolicy } from "./url-policy.ts";

/** Notified once by each transaction that commits events, whichever process ran it (migration 0013). */
export const EVENTS_COMMITTED_CHANNEL = "brandspace_events";

/** A pass of this process's dispatcher (its heartbeat, a follow-up, a kick): one job type, no payload. */
const DISPATCH_JOB = { type: "webhooks.dispatch", payload: {} } as const;

/** On PGlite, which has no autovacuum: attempts claimed between two vacuums of the deliveries table. */
const VACUUM_AFTER = 20_000;

const agents = new WeakMap<ServiceDeps, Agent>();
const loops = new WeakMap<ServiceDeps, DispatchLoop>();
const claimedSinceVacuum = new WeakMap<ServiceDeps, number>();
/** Each endpoint's recent answer time, kept from one loop to the next (it sizes what a loop holds ahead). */
const answerTimes = new WeakMap<ServiceDeps, Map<string, number>>();

function agentOf(deps: ServiceDeps): Agent {
  let agent = agents.get(deps);
  if (!agent) {
    agent = createDeliveryAgent(webhookAddressPolicy(deps.config));
    agents.set(deps, agent);
  }
  return agent;
}

/**
 * The `webhooks.dispatch` job: runs this process's dispatcher loop until no work is due, then queues the next
 * pass for the earliest retry or lease still ahead. Jobs arriving while the loop runs (the schedule, kicks,
 * follow-ups) only wake it and return null. Loops of other processes run beside it: the claims decide who sends
 * what.
 */
export async function dispatch(
  deps: ServiceDeps,
  run: { signal: AbortSignal; logger: Logger },
): Promise<DispatchSummary | null> {
  const running = loops.get(deps);
  if (running?.claiming) {
    running.wake();
    return null;
  }
  if (!answerTimes.has(deps)) answerTimes.set(deps, new Map());
  const loop = startDispatchLoop(deps, agentOf(deps), run, answerTimes.get(deps));
  loops.set(deps, loop);
  try {
    const summary = await loop.stopped;
    // Past its slice the loop still finishes its sends; a fresh job meanwhile claims what else is due, and again
    // once this loop has given its endpoints back.
    if (summary.ended === "slice") await queueFreshPass(deps);
    await loop.done;
    if (summary.ended === "slice") await queueFreshPass(deps);
    if (summary.ended === "idle") await queueNextPass(deps.db, await nextDueAt(deps.db));
    if (summary.ended !== "aborted") await vacuumWhenDue(deps, summary.sent);
    return summary;
  } finally {
    await loop.done;
  }
}

async function queueFreshPass(deps: ServiceDeps) {
  await queueNextPass(deps.db, new Date());
  deps.signal.notify("jobs");
}

async function vacuumWhenDue(deps: ServiceDeps, claimed: number) {
  if (deps.database.kind !== "pglite") return;
  const count = (claimedSinceVacuum.get(deps) ?? 0) + claimed;
  claimedSinceVacuum.set(deps, count >= VACUUM_AFTER ? 0 : count);
  if (count >= VACUUM_AFTER) await vacuumDeliveries(deps.db);
}

// Follow-up passes are keyed by a 100 ms bucket of their start: passes wanting the same moment share one job,
// and a pass never collides with its own key because the next bucket always starts after it.
const BUCKET_MS = 100;

async function queueNextPass(db: Db, dueAt: Date | null) {
  if (!dueAt) return;
  const at = Math.ceil((Math.max(dueAt.getTime(), Date.now()) + 1) / BUCKET_MS) * BUCKET_MS;
  await enqueueJob(db, DISPATCH_JOB, { runAt: new Date(at), dedupeKey: `webhooks.dispatch@${at}` });
}

/** Asks for a pass now (after a test, a redeliver, an enable); call with the transaction that created the work. */
export async function kickDispatch(db: Db): Promise<void> {
  await enqueueJob(db, DISPATCH_JOB, { dedupeKey: "webhooks.dispatch@kick" });
}

/** While no loop runs, committed events queue a pass at most this often (a busy API commits events all the time). */
const WAKE_EVERY_MS = 100;

/**
 * Wakes this process's dispatcher whenever any process commits events, instead of at its next heartbeat up to a
 * second later (the only way it found events that another process committed, such as an API process at scale): a
 * running loop fans them out at once; otherwise the heartbeat's job is queued now (at most every `WAKE_EVERY_MS`),
 * unless one already waits. Returns a function that stops listening.
 */
export async function wakeOnCommittedEvents(deps: ServiceDeps): Promise<() => Promise<void>> {
  let queueing = false;
  let queuedAt = 0;
  let deferred: NodeJS.Timeout | undefined;
  const queuePass = () => {
    queueing = true;
    queuedAt = Date.now();
    enqueueLookForWork(deps.db, DISPATCH_JOB)
      .then(() => deps.signal.notify("jobs"))
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, "queueing a webhook pass for committed events failed"),
      )
      .finally(() => {
        queueing = false;
      });
  };
  const onCommitted = () => {
    if (loops.get(deps)?.claiming) {
      deps.signal.notify("events");
      return;
    }
    // A pass queued or about to be fans out everything committed until it starts.
    if (queueing || deferred) return;
    const wait = queuedAt + WAKE_EVERY_MS - Date.now();
    if (wait <= 0) queuePass();
    else
      deferred = setTimeout(() => {
        deferred = undefined;
        onCommitted();
      }, wait);
  };
  const stopListening = await deps.database.listen(EVENTS_COMMITTED_CHANNEL, onCommitted);
  return async () => {
    clearTimeout(deferred);
    await stopListening();
  };
}
