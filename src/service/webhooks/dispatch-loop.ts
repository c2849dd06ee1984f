import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Logger } from "pino";
import type { Agent } from "undici";
import type { ServiceDeps } from "../deps.ts";
import { attemptDelivery, loadSendBatch } from "./attempt-delivery.ts";
import type { DeliveryRow } from "./deliveries.repository.ts";
import { claimDueDeliveries, parkDisabled } from "./delivery-queue.repository.ts";
import { type LoopState, sleep, wake } from "./dispatch-loop-state.ts";
import { FANOUT_BATCH, fanOutBatch } from "./fanout.ts";
import { createResultRecorder } from "./record-results.ts";

/** Attempts in flight in one process at most (each endpoint also has its own bound). */
const MAX_IN_FLIGHT = 256;
/** A loop hands over to a fresh job after this long, so that a stopping worker is not held for long. */
const SLICE_MS = 10_000;
/** While attempts are in flight: how often to look for work that no wake-up announces (other processes). */
const POLL_MS = 200;
/** Events committed without a wake-up (by other processes) wait at most this long while the loop runs. */
const FANOUT_EVERY_MS = 200;
/** Disabled endpoints' attempts are parked at most this often; a claim never takes them anyway. */
const PARK_EVERY_MS = 1_000;
/**
 * After a first answer, how long to let the others in flight come in before a turn records them: a turn costs
 * about the same for one result as for a hundred, and PGlite runs in this thread, so while a turn runs no answer
 * is read at all.
 */
const GATHER_MS = 5;

export interface DispatchSummary {
  fannedOut: number;
  sent: number;
  /** Why the loop stopped: nothing left to do now, its time slice ran out, or the worker is stopping. */
  ended: "idle" | "slice" | "aborted";
}

export interface DispatchLoop {
  /** True until the loop stops taking new work (a loop that is only finishing its sends is not). */
  readonly claiming: boolean;
  /** Looks for work at once (new events committed, results to record). */
  wake(): void;
  /** Settles when the loop stops taking new work. */
  stopped: Promise<DispatchSummary>;
  /** Settles once, after that, the loop's sends are finished and their results recorded. */
  done: Promise<void>;
}

/**
 * Fans out, claims, sends and records for as long as work is due. Each turn records the results that came in
 * since the last one, which frees their endpoints' slots, and claims again: one loop keeps every endpoint at its
 * bound, one transaction records a whole turn's results, and no job is queued per batch. The loop stops when
 * nothing is due nor in flight, when its slice runs out, or when `run.signal` aborts.
 */
export function startDispatchLoop(
  deps: ServiceDeps,
  agent: Agent,
  run: { signal: AbortSignal; logger: Logger },
): DispatchLoop {
  const state: LoopState = {
    deps,
    agent,
    run,
    recorder: createResultRecorder(deps, run.logger),
    sends: new Set(),
    results: [],
    claiming: !run.signal.aborted,
    woken: false,
    eventsCommitted: true,
    wakeUp: () => {},
    fannedOutAt: 0,
    parkedAt: 0,
  };
  const onEvents = () => {
    state.eventsCommitted = true;
    wake(state);
  };
  const onAbort = () => {
    state.claiming = false;
    wake(state);
  };
  const unsubscribe = [deps.signal.on("jobs", onEvents), deps.signal.on("events", onEvents)];
  run.signal.addEventListener("abort", onAbort, { once: true });

  const stopped = loop(state).finally(() => {
    state.claiming = false;
    for (const stop of unsubscribe) stop();
    run.signal.removeEventListener("abort", onAbort);
  });
  const done = stopped.catch(() => {}).then(() => finishSends(state));
  return {
    get claiming() {
      return state.claiming;
    },
    wake: () => wake(state),
    stopped,
    done,
  };
}

async function loop(state: LoopState): Promise<DispatchSummary> {
  const summary: DispatchSummary = { fannedOut: 0, sent: 0, ended: "idle" };
  const deadline = Date.now() + SLICE_MS;
  while (state.claiming) {
    if (Date.now() >= deadline) {
      state.claiming = false;
      return { ...summary, ended: "slice" };
    }
    // PGlite answers in this thread without ever yielding to the event loop: without this, turns taken back to
    // back (a backlog of events) would read no answer and let the sends in flight time out.
    await yieldToEventLoop();
    state.woken = false;
    const { fannedOut, claimed, free } = await turn(state);
    summary.fannedOut += fannedOut;
    summary.sent += claimed;
    // More is ready at once: the rest of a backlog of events, or attempts beyond this claim's limit.
    if (state.eventsCommitted || (free > 0 && claimed === free)) continue;
    const idle = claimed === 0 && fannedOut === 0 && state.sends.size === 0 && state.results.length === 0;
    // A wake-up during the turn (a job for work committed after this turn's claim) is looked at first: the job
    // that sent it found this loop claiming and left the work to it.
    if (idle && !state.woken) {
      state.claiming = false;
      return summary;
    }
    await sleep(state, POLL_MS);
    // The other answers in flight join this one, unless all are in already.
    await sleep(state, GATHER_MS, () => state.sends.size === 0);
  }
  return { ...summary, ended: "aborted" };
}

/**
 * One turn: fan out if events may be waiting, park, record what came in and claim what is free, then send. On
 * PostgreSQL the claim runs beside the recording, on another connection (the answered attempts are out of flight
 * already): an endpoint's slots are free again after one round trip instead of two. The sends wait for the
 * recording, so that a 410 it records disables its endpoint before anything more goes there.
 */
async function turn(state: LoopState): Promise<{ fannedOut: number; claimed: number; free: number }> {
  const fannedOut = await fanOutWhenDue(state);
  await parkWhenDue(state);
  const answered = state.results.splice(0);
  const recording = state.recorder.record(answered);
  // PGlite runs one statement at a time in this thread: nothing to overlap.
  const pglite = state.deps.database.kind === "pglite";
  if (pglite) await recording;
  const free = MAX_IN_FLIGHT - state.sends.size;
  const claimed = await claimDueDeliveries(state.deps.db, {
    limit: free,
    perEndpoint: state.deps.config.webhookEndpointConcurrency,
    answered: pglite ? [] : answered.map((result) => result.delivery.id),
    leaseMs: state.deps.config.webhookDeliveryLeaseMs,
    // PGlite serves one process, and a process runs one claiming loop at a time.
    shared: !pglite,
  }).finally(() => recording);
  if (claimed.length > 0) await send(state, claimed);
  return { fannedOut, claimed: claimed.length, free };
}

async function fanOutWhenDue(state: LoopState): Promise<number> {
  if (!state.eventsCommitted && Date.now() - state.fannedOutAt < FANOUT_EVERY_MS) return 0;
  state.eventsCommitted = false;
  const fannedOut = await fanOutBatch(state.deps.db);
  state.fannedOutAt = Date.now();
  // A full batch: more events are waiting.
  if (fannedOut === FANOUT_BATCH) state.eventsCommitted = true;
  return fannedOut;
}

async function parkWhenDue(state: LoopState): Promise<void> {
  if (Date.now() - state.parkedAt < PARK_EVERY_MS) return;
  await parkDisabled(state.deps.db);
  state.parkedAt = Date.now();
}

/** Starts the claimed attempts; each answer is kept for the next turn to record, and wakes the loop. */
async function send(state: LoopState, claimed: DeliveryRow[]): Promise<void> {
  const { deps, agent, run, sends, results } = state;
  const batch = await loadSendBatch(deps.db, claimed);
  for (const delivery of claimed) {
    const sending: Promise<void> = attemptDelivery(deps, agent, batch, delivery, run.signal)
      .then((result) => {
        if (result) results.push(result);
      })
      .catch((error: unknown) => run.logger.error({ err: error, deliveryId: delivery.id }, "delivery failed"))
      .finally(() => {
        sends.delete(sending);
        wake(state);
      });
    sends.add(sending);
  }
}

/** After the loop stopped claiming: waits for the attempts in flight and records their answers. */
async function finishSends(state: LoopState): Promise<void> {
  await Promise.allSettled([...state.sends]);
  await state.recorder.record(state.results.splice(0));
}
