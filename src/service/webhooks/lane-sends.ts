import { attemptDelivery } from "./attempt-delivery.ts";
import { type LoopState, wake } from "./dispatch-loop-state.ts";
import type { QueuedAttempt } from "./endpoint-lanes.ts";
import { findWebhooksForSending } from "./webhooks.repository.ts";

/** While attempts wait in memory: how often their endpoints are read again (a disable, a new URL or secret). */
const ENDPOINTS_READ_EVERY_MS = 250;

/**
 * Starts every waiting attempt its endpoint's bound and the loop's allow (one endpoint's only, when named: the
 * slot its answer just freed). A loop that stopped claiming starts nothing more: what waits stays pending.
 */
export function sendReady(state: LoopState, webhookId?: string): void {
  if (!state.claiming) return;
  for (const attempt of state.lanes.takeReady(webhookId)) start(state, attempt);
}

/**
 * Sends one attempt and keeps its answer for the next turn. An answer that says the endpoint is gone (410) or
 * disabled drops what else waits for it (it stays pending), and the freed slot goes to the next waiting attempt.
 */
function start(state: LoopState, attempt: QueuedAttempt): void {
  const sending = send(state, attempt);
  // Kept until it settles: a loop that stops waits for its sends (finishSends).
  state.sends.add(sending);
  sending.finally(() => state.sends.delete(sending));
}

/** One async function, not a chain of handlers: a busy loop starts thousands of sends a second. */
async function send(state: LoopState, { delivery, batch }: QueuedAttempt): Promise<void> {
  const { deps, agent, run, lanes, results } = state;
  let answeredInMs: number | null = null;
  try {
    const result = await attemptDelivery(deps, agent, batch, delivery, run.signal);
    if (!result) return;
    results.push(result);
    if (result.kind === "sent") answeredInMs = result.outcome.durationMs;
    const gone = result.kind === "sent" && result.outcome.httpStatus === 410;
    if (gone) state.gone.add(delivery.webhookId);
    if (gone || (result.kind === "unsendable" && result.status === "parked")) lanes.drop(delivery.webhookId);
  } catch (error) {
    run.logger.error({ err: error, deliveryId: delivery.id }, "delivery failed");
  } finally {
    lanes.finished(delivery, answeredInMs);
    sendReady(state, delivery.webhookId);
    wake(state);
  }
}

/**
 * Reads again, at most every `ENDPOINTS_READ_EVERY_MS`, the endpoints that attempts wait for: a disabled or
 * deleted one's attempts are dropped (they stay pending, to be parked), a new URL or secret is used from then on.
 */
export async function readEndpointsWhenDue(state: LoopState): Promise<void> {
  if (state.lanes.queued === 0 || Date.now() - state.endpointsReadAt < ENDPOINTS_READ_EVERY_MS) return;
  const waiting = state.lanes.endpointsWaiting();
  await readEndpoints(state, waiting);
  state.endpointsReadAt = Date.now();
  for (const id of waiting) if (!state.endpoints.get(id)?.row.enabled) state.lanes.drop(id);
}

/**
 * Reads endpoints for sending: their rows and `sendingVersion`s, their secrets to be opened again. A deleted one
 * is forgotten (its deliveries went with it: nothing of it is sent).
 */
export async function readEndpoints(state: LoopState, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await findWebhooksForSending(state.deps.db, ids);
  for (const id of ids) {
    const endpoint = found.get(id);
    if (endpoint) state.endpoints.set(id, endpoint);
    else state.endpoints.delete(id);
  }
}
