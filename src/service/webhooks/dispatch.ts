import type { Logger } from "pino";
import type { Agent } from "undici";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { attemptDelivery } from "./attempt-delivery.ts";
import { claimDueDeliveries, nextDueAt, parkDisabled } from "./deliveries.repository.ts";
import { fanOutPending } from "./fanout.ts";
import { createDeliveryAgent } from "./send-delivery.ts";
import { webhookAddressPolicy } from "./url-policy.ts";

const CLAIM_LIMIT = 32;
const PASS_WAIT_MS = 1_000;
const agents = new WeakMap<ServiceDeps, Agent>();

function agentOf(deps: ServiceDeps): Agent {
  let agent = agents.get(deps);
  if (!agent) {
    agent = createDeliveryAgent(webhookAddressPolicy(deps.config));
    agents.set(deps, agent);
  }
  return agent;
}

/**
 * One dispatcher pass: fan out committed events, park attempts of disabled endpoints, send the due attempts
 * (bounded per endpoint), then queue the next pass for the earliest attempt still ahead. Passes may overlap
 * (the schedule, follow-ups, kicks): the leases decide who sends what.
 */
export async function dispatchPass(
  deps: ServiceDeps,
  run: { signal: AbortSignal; logger: Logger },
): Promise<{ fannedOut: number; sent: number }> {
  const fannedOut = await fanOutPending(deps.db);
  await parkDisabled(deps.db);
  const claimed = await claimDueDeliveries(deps.db, {
    limit: CLAIM_LIMIT,
    perEndpoint: deps.config.webhookEndpointConcurrency,
    leaseMs: deps.config.webhookDeliveryLeaseMs,
  });
  if (claimed.length === 0) {
    const dueAt = await nextDueAt(deps.db);
    // Something due yet nothing claimable: each such endpoint is at its concurrency bound, and the sends to it
    // queue a follow-up when they finish; polling meanwhile would only spin.
    if (!(dueAt && dueAt.getTime() <= Date.now())) await queueNextPass(deps.db, dueAt);
    return { fannedOut, sent: 0 };
  }
  const sending = Promise.all(
    claimed.map((delivery) =>
      attemptDelivery(deps, agentOf(deps), delivery, run.signal).catch((error: unknown) => {
        run.logger.error({ err: error, deliveryId: delivery.id }, "delivery attempt failed to record");
      }),
    ),
  )
    .then(async () => {
      if (!run.signal.aborted) await queueNextPass(deps.db, await nextDueAt(deps.db));
    })
    .catch((error: unknown) => run.logger.error({ err: error }, "queueing the next dispatch pass failed"));
  // A slow receiver must not hold a job slot for its 10 s: past a short wait the sends finish on their own (their
  // leases still guard them) and this slot is free for passes serving the other endpoints.
  await settlesWithin(sending, PASS_WAIT_MS);
  return { fannedOut, sent: claimed.length };
}

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

// Follow-up passes are keyed by a 100 ms bucket of their start: passes wanting the same moment share one job,
// and a pass never collides with its own key because the next bucket always starts after it.
const BUCKET_MS = 100;

async function queueNextPass(db: Db, dueAt: Date | null) {
  if (!dueAt) return;
  const at = Math.ceil((Math.max(dueAt.getTime(), Date.now()) + 1) / BUCKET_MS) * BUCKET_MS;
  await enqueueJob(
    db,
    { type: "webhooks.dispatch", payload: {} },
    { runAt: new Date(at), dedupeKey: `webhooks.dispatch@${at}` },
  );
}

/** Asks for a pass now (after a test, a redeliver, an enable); call with the transaction that created the work. */
export async function kickDispatch(db: Db): Promise<void> {
  await enqueueJob(db, { type: "webhooks.dispatch", payload: {} }, { dedupeKey: "webhooks.dispatch@kick" });
}
