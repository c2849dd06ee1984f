import { randomUUID } from "node:crypto";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Logger } from "pino";
import type { Agent } from "undici";
import type { ServiceDeps } from "../deps.ts";
import { type Claim, claimDueDeliveries, parkDisabled, releaseSenders } from "./delivery-queue.repository.ts";
import { type LoopState, sleep, wake } from "./dispatch-loop-state.ts";
import { EndpointLanes } from "./endpoint-lanes.ts";
import { FANOUT_BATCH, type FanOutLimits, fanOutBatch, limitsAfter } from "./fanout.ts";
import { readEndpoints, readEndpointsWhenDue, sendReady } from "./lane-sends.ts";
import { createResultRecorder } from "./record-results.ts";

/** Attempts in flight in one process at most (each endpoint also has its own bound). */
const MAX_IN_FLIGHT = 256;
/**
 * Attempts one loop holds at most: in flight, and claimed ahead waiting for a slot of their endpoint. At 1,024 a
 * burst on PGlite (10 endpoints) emptied the loop's lanes during the claims' round trips (about 50 ms under load):
 * every claim was cut to the room left at its start, and nothing was waiting to be sent a third of the time.
 */
const MAX_HELD = 4_096;
/** A loop hands over to a fresh job after this long, so that a stopping worker is not held for long. */
const SLICE_MS = 10_000;
/** How often to claim with no sign of new work (other processes' events, retries falling due). */
const POLL_MS = 200;
/** Events committed without a wake-up (by other processes) wait at most this long while the loop runs. */
const FANOUT_EVERY_MS = 200;
/**
 * A fan-out batch taken while the loop holds nothing to send: small, so that its attempts go out while the next,
 * full one is written (a full batch took 300 ms under load here before anything could be sent).
 */
const FIRST_FANOUT_BATCH: FanOutLimits = { events: 50, attempts: 500 };
/**
 * PGlite has one connection, and a request's statements wait for the batch's (pglite.worker.mjs runs one at a
 * time): 5,000 attempts took about 400 ms here, 500 take about 40 ms. At 200 (about 17 ms) requests served beside
 * a burst of deliveries waited about 45 ms at the median instead of 60–70, but a fifth fewer deliveries went out.
 */
const PGLITE_FANOUT_BATCH: FanOutLimits = { events: 500, attempts: 500 };
/**
 * Attempts fanned out and not yet claimed that end a run of back-to-back fan-out batches: a full claim's worth,
 * not the whole backlog of a large burst at once.
 */
const FANOUT_AHEAD = MAX_HELD;
/**
 * Disabled endpoints' attempts are parked (and the loop lets go of the disabled endpoints it holds) at most this
 * often; a claim never takes them anyway.
 */
const PARK_EVERY_MS = 1_000;
/**
 * After a first answer, how long to let others come in before a turn records them (unless nothing is left in
 * flight): a turn costs about the same for one result as for a hundred. 5 and 20 ms made no difference on
 * PostgreSQL; on PGlite (its own thread) 5 and 50 ms did not either.
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
  /** Settles once, after that, the loop's sends are finished, their results recorded and the rest given back. */
  done: Promise<void>;
}

/**
 * Fans out, claims, sends and records for as long as work is due. The loop leases the endpoints it sends to (no
 * other loop sends their attempts meanwhile); their attempts are claimed ahead and wait in memory
 * (`EndpointLanes`): an answer frees a slot that the next waiting attempt takes at once. Each turn records the
 * answers that came in since the last one (successes with one statement, anything else in one transaction), and
 * claims when an endpoint runs low or new work may be due. The loop stops when nothing is due, held nor in flight, when its slice runs out, or when `run.signal`
 * aborts; then it finishes its sends and gives its endpoints back. `answerTimes` (per endpoint, ms) outlives the
 * loop.
 */
export function startDispatchLoop(
  deps: ServiceDeps,
  agent: Agent,
  run: { signal: AbortSignal; logger: Logger },
  answerTimes: Map<string, number> = new Map(),
): DispatchLoop {
  const state: LoopState = {
    deps,
    agent,
    run,
    recorder: createResultRecorder(deps, run.logger),
    owner: randomUUID(),
    lanes: new EndpointLanes(
      {
        perEndpoint: deps.config.webhookEndpointConcurrency,
        maxInFlight: MAX_IN_FLIGHT,
        leaseMs: deps.config.webhookDeliveryLeaseMs,
      },
      answerTimes,
    ),
    sends: new Set(),
    results: [],
    gone: new Set(),
    endpoints: new Map(),
    claiming: !run.signal.aborted,
    woken: false,
    eventsCommitted: true,
    wakeUp: () => {},
    fannedOutAt: 0,
    fanOut: { running: null, ended: 0, attemptsPerEvent: 0, ahead: 0, failed: undefined },
    parkedAt: 0,
    claimedAt: 0,
    endpointsReadAt: 0,
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

  const stopped = loopUntilFanOutEnds(state).finally(() => {
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

/** The loop, and then the fan-out batch it may have left running: the pass counts the events that batch took. */
async function loopUntilFanOutEnds(state: LoopState): Promise<DispatchSummary> {
  try {
    const summary = await loop(state);
    await state.fanOut.running;
    return { ...summary, fannedOut: summary.fannedOut + takeFannedOut(state) };
  } finally {
    await state.fanOut.running;
  }
}

async function loop(state: LoopState): Promise<DispatchSummary> {
  const summary: DispatchSummary = { fannedOut: 0, sent: 0, ended: "idle" };
  const deadline = Date.now() + SLICE_MS;
  while (state.claiming) {
    if (Date.now() >= deadline) {
      state.claiming = false;
      return { ...summary, ended: "slice" };
    }
    // Turns taken back to back (a backlog of events) read the answers that came in between them.
    await yieldToEventLoop();
    state.woken = false;
    const { fannedOut, claimed, free } = await turn(state);
    summary.fannedOut += fannedOut;
    summary.sent += claimed;
    // More is ready at once: the rest of a backlog of events, or attempts beyond this claim's limit.
    if ((state.eventsCommitted && !state.fanOut.running) || (free > 0 && claimed === free)) {
      continue;
    }
    const idle =
      claimed === 0 &&
      fannedOut === 0 &&
      !state.fanOut.running &&
      state.lanes.held === 0 &&
      state.results.length === 0;
    // A wake-up during the turn (a job for work committed after this turn's claim) is looked at first: the job
    // that sent it found this loop claiming and left the work to it.
    if (idle && !state.woken) {
      state.claiming = false;
      return summary;
    }
    await sleep(state, POLL_MS);
    // The other answers in flight join this one, unless all are in already.
    await sleep(state, GATHER_MS, () => state.lanes.inFlight === 0);
  }
  return { ...summary, ended: "aborted" };
}

/**
 * One turn: fan out if events may be waiting, park, record what came in, claim if needed, then start what the lanes
 * allow. The claim is sent beside the recording (on PostgreSQL it runs on another connection; PGlite runs it
 * after) and skips the answered attempts, which may still be pending until the recording commits. What it gives an
 * endpoint that answered 410 since the turn began is not sent: the recording disables that endpoint, a later claim
 * will not see it.
 */
async function turn(state: LoopState): Promise<{ fannedOut: number; claimed: number; free: number }> {
  const eventsCommitted = state.eventsCommitted;
  const fannedOut = await fanOutWhenDue(state);
  await parkWhenDue(state);
  await readEndpointsWhenDue(state);
  state.lanes.dropUnleased();
  const answered = state.results.splice(0);
  const goneBefore = [...state.gone];
  const recording = state.recorder.record(answered);
  const free = MAX_HELD - state.lanes.held;
  // With nothing held, a claim says whether anything is left before the loop may stop as idle.
  const claimNow =
    fannedOut > 0 ||
    eventsCommitted ||
    state.lanes.held === 0 ||
    state.lanes.runningLow() ||
    Date.now() - state.claimedAt >= POLL_MS;
  const fullBefore = claimNow ? state.lanes.full() : new Set<string>();
  const claimStartedAt = Date.now();
  const claim = claimNow
    ? await claimDueDeliveries(state.deps.db, {
        limit: free,
        perEndpoint: state.deps.config.webhookEndpointConcurrency,
        owner: state.owner,
        endpoints: state.lanes.claimSpec(
          answered.map((result) => result.delivery),
          claimStartedAt,
        ),
        leaseMs: state.deps.config.webhookDeliveryLeaseMs,
      }).finally(() => recording)
    : await recording.then(() => null);
  const claimed = claim?.attempts ?? [];
  if (claim) {
    state.fanOut.ahead = Math.max(state.fanOut.ahead - claimed.length, 0);
    state.claimedAt = Date.now();
    state.lanes.claimed(claimed, fullBefore, { renewed: claim.renewed, at: claimStartedAt });
  }
  if (claim && claimed.length > 0) await hold(state, claim);
  for (const id of goneBefore) state.gone.delete(id);
  sendReady(state);
  return { fannedOut, claimed: claimed.length, free: claimNow ? free : 0 };
}

/**
 * Puts claimed attempts in their lanes, with the events (the claim brought them) and endpoints they need; those of
 * gone endpoints stay. An endpoint is read again only when what sending uses of it changed since the loop last
 * read it (`sendingVersion`): a busy loop claims every few milliseconds, and re-read the same rows and opened their
 * secrets again each time.
 */
async function hold(state: LoopState, claim: Claim): Promise<void> {
  const changed = claim.endpoints.filter(({ id, version }) => state.endpoints.get(id)?.version !== version);
  await readEndpoints(
    state,
    changed.map(({ id }) => id),
  );
  const sendable = claim.attempts.filter((delivery) => !state.gone.has(delivery.webhookId));
  const events = new Map(claim.events.map((event) => [event.id, event]));
  state.lanes.add(sendable, { events, endpoints: state.endpoints });
}

/**
 * Starts fanning out when events may be waiting and no fan-out runs; returns how many events the batches that ended
 * since the last turn took. Batches follow each other at once while they come back full, until the loop holds
 * `FANOUT_AHEAD` attempts fanned out and not yet claimed: a batch that waited for the next turn (a settle and a
 * claim, about 50 ms under load on PGlite) left the sending waiting for the fan-out for most of a burst. Each
 * batch's end wakes the loop to claim what it wrote. On PostgreSQL the batches (5,000 attempts for 500 events to 10
 * endpoints: about 140 ms here) run on their own connection beside the turns; on PGlite, whose one connection runs
 * a statement at a time, the turns' statements and requests take turns with them, so a batch there is smaller.
 */
async function fanOutWhenDue(state: LoopState): Promise<number> {
  if (state.fanOut.failed) throw state.fanOut.failed;
  const due = state.eventsCommitted || Date.now() - state.fannedOutAt >= FANOUT_EVERY_MS;
  if (!state.fanOut.running && due) {
    state.eventsCommitted = false;
    const batch = state.deps.database.kind === "pglite" ? PGLITE_FANOUT_BATCH : FANOUT_BATCH;
    state.fanOut.running = fanOutWhileBehind(
      state,
      state.lanes.held === 0 ? FIRST_FANOUT_BATCH : batch,
      batch,
    )
      .catch((error: unknown) => {
        state.fanOut.failed = error;
      })
      .finally(() => {
        state.fanOut.running = null;
        wake(state);
      });
  }
  return takeFannedOut(state);
}

/** Fan-out batches back to back, from `first`, while they are full and the loop is not far enough ahead. */
async function fanOutWhileBehind(state: LoopState, first: FanOutLimits, next: FanOutLimits): Promise<void> {
  let bounds = first;
  for (;;) {
    const { events, attempts, full } = await fanOutBatch(
      state.deps.db,
      limitsAfter(bounds, state.fanOut.attemptsPerEvent),
    );
    state.fannedOutAt = Date.now();
    state.fanOut.ended += events;
    state.fanOut.ahead += attempts;
    if (events > 0) state.fanOut.attemptsPerEvent = attempts / events;
    if (!full) return;
    if (!state.claiming || state.fanOut.ahead >= FANOUT_AHEAD) {
      state.eventsCommitted = true;
      return;
    }
    wake(state);
    bounds = next;
  }
}

function takeFannedOut(state: LoopState): number {
  if (state.fanOut.failed) throw state.fanOut.failed;
  const ended = state.fanOut.ended;
  state.fanOut.ended = 0;
  return ended;
}

async function parkWhenDue(state: LoopState): Promise<void> {
  if (Date.now() - state.parkedAt < PARK_EVERY_MS) return;
  const busy = new Set([
    ...state.lanes.sendingTo(),
    ...state.results.map((result) => result.delivery.webhookId),
  ]);
  await parkDisabled(state.deps.db, { owner: state.owner, busy: [...busy] });
  state.parkedAt = Date.now();
}

/**
 * After the loop stopped claiming: drops what waits (it stays pending), waits for the attempts in flight, records
 * them, and gives its endpoints back. Not given back, they are sent again once their leases lapse.
 */
async function finishSends(state: LoopState): Promise<void> {
  state.lanes.dropAll();
  await Promise.allSettled([...state.sends]);
  await state.recorder.record(state.results.splice(0));
  await releaseSenders(state.deps.db, state.owner).catch((error: unknown) =>
    state.run.logger.warn({ err: error }, "giving back webhook endpoints failed"),
  );
}
