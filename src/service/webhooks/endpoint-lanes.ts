import type { SendBatch } from "./attempt-delivery.ts";
import type { ClaimedAttempt, EndpointClaim, QueueKey } from "./delivery-queue.repository.ts";

/** An attempt this loop claimed and has not started yet, with what it needs to be sent. */
export interface QueuedAttempt {
  delivery: ClaimedAttempt;
  batch: SendBatch;
}

interface Lane {
  queued: QueuedAttempt[];
  /** The ids of the attempts in flight. */
  sending: Set<string>;
  /** The last claim gave this endpoint attempts: it may have more due. */
  mayHaveMore: boolean;
  /** The queue key of the last attempt claimed: while the lane holds any, the next claim reads on from there. */
  after: QueueKey | null;
  /** When the loop's lease of the endpoint runs out (ms, this process's clock, conservatively). */
  leaseUntil: number;
  /** When a claim last read the endpoint's queue behind `after` (see `SWEEP_EVERY_MS`). */
  sweptAt: number;
}

export interface LaneLimits {
  /** Attempts in flight per endpoint at most. */
  perEndpoint: number;
  /** Attempts in flight in the whole loop at most. */
  maxInFlight: number;
  leaseMs: number;
}

/**
 * Held ahead per endpoint at most, as a multiple of its bound: at 1 ms answers, 64 ms of its sending, more than a
 * turn takes under load (at 16, what a fast endpoint held ran out half of the time before the next claim).
 */
const MAX_AHEAD_FACTOR = 64;
/** Held ahead: about this much of an endpoint's sending, at its recent answer time. */
const AHEAD_WINDOW_MS = 250;
const SMOOTHING = 0.2;
/**
 * While a lane holds attempts, claims read its queue on from the last one it took. An attempt committed later with
 * an earlier place (a transaction that began before the claim, such as another process's fan-out) is read this
 * often by a sweep behind that point, or as soon as the lane runs empty.
 */
export const SWEEP_EVERY_MS = 2_000;
/**
 * Endpoints whose answer time is remembered (the most recently answered): each claim names them with their
 * targets, and an endpoint not named is held to its bound, as before it answered.
 */
export const REMEMBERED_ENDPOINTS = 1_000;

/**
 * Each endpoint's attempts held by one dispatch loop, which holds the endpoint's lease: those in flight, and those
 * claimed ahead that wait for a slot. An answer frees a slot that the next waiting attempt takes at once, from
 * memory, instead of after the next claim's round trips. How many are held ahead follows the endpoint's answer
 * time. Nothing starts once the endpoint's lease is half gone without a renewal (`dropUnleased`).
 */
export class EndpointLanes {
  readonly #lanes = new Map<string, Lane>();
  readonly #limits: LaneLimits;
  /** Per endpoint, its answer time smoothed (ms): how many attempts it is worth holding ahead. */
  readonly #answerTimes: Map<string, number>;
  #inFlight = 0;
  #queued = 0;
  /** The lanes the last claim spec swept behind their last attempt: what it gives them leaves `after` as it is. */
  readonly #sweeping = new Set<string>();

  /** `answerTimes` may be shared with the loops that come after this one. */
  constructor(limits: LaneLimits, answerTimes: Map<string, number> = new Map()) {
    this.#limits = limits;
    this.#answerTimes = answerTimes;
  }

  /** Attempts held: waiting and in flight. */
  get held(): number {
    return this.#queued + this.#inFlight;
  }

  /**
   * What the next claim may take of each endpoint this loop knows, so that each holds its target: on from the
   * last attempt it holds, or, when it holds none, from the front of its queue (skipping `answered`, whose
   * recording commits beside the claim); every `SWEEP_EVERY_MS` a lane that holds attempts is swept behind that
   * point instead.
   */
  claimSpec(answered: ClaimedAttempt[] = [], now = Date.now()): Record<string, EndpointClaim> {
    this.#sweeping.clear();
    const answeredBy = new Map<string, string[]>();
    for (const { id, webhookId } of answered) {
      const ids = answeredBy.get(webhookId);
      if (ids) ids.push(id);
      else answeredBy.set(webhookId, [id]);
    }
    const spec: Record<string, EndpointClaim> = {};
    for (const id of this.#answerTimes.keys()) spec[id] = { take: this.#target(id) };
    for (const [id, lane] of this.#lanes) {
      const holding = lane.queued.length + lane.sending.size;
      const take = Math.max(this.#target(id) - holding, 0);
      const skip = answeredBy.get(id) ?? [];
      if (holding === 0 || !lane.after) {
        lane.after = null;
        spec[id] = skip.length > 0 ? { take, skip } : { take };
      } else if (now - lane.sweptAt >= SWEEP_EVERY_MS) {
        lane.sweptAt = now;
        this.#sweeping.add(id);
        spec[id] = {
          take,
          upTo: lane.after,
          skip: [...skip, ...lane.sending, ...lane.queued.map((entry) => entry.delivery.id)],
        };
      } else spec[id] = { take, after: lane.after };
    }
    return spec;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#queued;
  }

  /** Endpoints with attempts in flight. */
  sendingTo(): string[] {
    return [...this.#lanes].filter(([, lane]) => lane.sending.size > 0).map(([id]) => id);
  }

  /** Endpoints with attempts waiting. */
  endpointsWaiting(): string[] {
    return [...this.#lanes].filter(([, lane]) => lane.queued.length > 0).map(([id]) => id);
  }

  /** The endpoints holding their target or more: a claim gives them nothing, whatever they have due. */
  full(): Set<string> {
    const full = new Set<string>();
    for (const [id, lane] of this.#lanes)
      if (lane.queued.length + lane.sending.size >= this.#target(id)) full.add(id);
    return full;
  }

  /**
   * What a claim gave, empty or not: an endpoint it gave attempts to may have more due; one that had room (not in
   * `fullBefore`, taken before the claim) and got none has none (until new work is announced or the next poll); a
   * full one is as it was.
   */
  claimed(
    claimed: ClaimedAttempt[],
    fullBefore: ReadonlySet<string> = new Set(),
    leased: { renewed: string[]; at: number } = { renewed: [], at: 0 },
  ): void {
    const given = new Set(claimed.map((delivery) => delivery.webhookId));
    for (const [id, lane] of this.#lanes)
      lane.mayHaveMore = given.has(id) || (lane.mayHaveMore && fullBefore.has(id));
    for (const id of given) this.#lane(id).mayHaveMore = true;
    for (const id of leased.renewed) this.#lane(id).leaseUntil = leased.at + this.#limits.leaseMs;
  }

  /**
   * Adds claimed attempts (in sending order) behind those already waiting. Each lane then reads on from the last
   * one, unless that claim swept behind it.
   */
  add(claimed: ClaimedAttempt[], batch: SendBatch): void {
    for (const delivery of claimed) {
      const lane = this.#lane(delivery.webhookId);
      lane.queued.push({ delivery, batch });
      if (!this.#sweeping.has(delivery.webhookId) || !lane.after) lane.after = delivery.queueKey;
    }
    this.#sweeping.clear();
    this.#queued += claimed.length;
  }

  /**
   * The waiting attempts that may start now, each endpoint up to its bound and the loop up to its own (of one
   * endpoint only when `webhookId` is given and the loop is below its bound). They count as in flight until
   * `finished`.
   */
  takeReady(webhookId?: string, now = Date.now()): QueuedAttempt[] {
    const ready: QueuedAttempt[] = [];
    const lanes =
      webhookId && this.#inFlight < this.#limits.maxInFlight ? [this.#lane(webhookId)] : this.#lanes.values();
    for (const lane of lanes) {
      if (!this.#leased(lane, now)) continue;
      while (
        lane.queued.length > 0 &&
        lane.sending.size < this.#limits.perEndpoint &&
        this.#inFlight < this.#limits.maxInFlight
      ) {
        const attempt = lane.queued.shift()!;
        ready.push(attempt);
        lane.sending.add(attempt.delivery.id);
        this.#inFlight++;
        this.#queued--;
      }
    }
    return ready;
  }

  /** An attempt taken by `takeReady` is over; `durationMs` when it was answered. */
  finished(delivery: Pick<ClaimedAttempt, "id" | "webhookId">, durationMs: number | null): void {
    const webhookId = delivery.webhookId;
    if (!this.#lane(webhookId).sending.delete(delivery.id)) return;
    this.#inFlight--;
    if (durationMs === null) return;
    const average = this.#answerTimes.get(webhookId);
    // Kept in the order of their last answer: the endpoints least recently answered are forgotten first.
    this.#answerTimes.delete(webhookId);
    this.#answerTimes.set(
      webhookId,
      average === undefined ? durationMs : average + SMOOTHING * (durationMs - average),
    );
    if (this.#answerTimes.size > REMEMBERED_ENDPOINTS)
      this.#answerTimes.delete(this.#answerTimes.keys().next().value!);
  }

  /** Removes an endpoint's waiting attempts (it was disabled or deleted); returns them (they stay pending). */
  drop(webhookId: string): ClaimedAttempt[] {
    const lane = this.#lanes.get(webhookId);
    if (!lane) return [];
    const dropped = lane.queued.splice(0).map((entry) => entry.delivery);
    this.#queued -= dropped.length;
    lane.mayHaveMore = false;
    return dropped;
  }

  /** Removes every waiting attempt (the loop stops); returns them (they stay pending). */
  dropAll(): ClaimedAttempt[] {
    return [...this.#lanes.keys()].flatMap((id) => this.drop(id));
  }

  /**
   * Removes what waits for an endpoint whose lease was not renewed for half its length (claims failed, or another
   * loop took it over after it lapsed): started now, an attempt might still be out when the lease runs out. They
   * stay pending, for whichever loop holds the endpoint next.
   */
  dropUnleased(now = Date.now()): ClaimedAttempt[] {
    const dropped: ClaimedAttempt[] = [];
    for (const [id, lane] of this.#lanes) if (!this.#leased(lane, now)) dropped.push(...this.drop(id));
    return dropped;
  }

  #leased(lane: Lane, now: number): boolean {
    return now < lane.leaseUntil - this.#limits.leaseMs / 2;
  }

  /** An endpoint that may have more due is down to less than half of what it should hold: time to claim. */
  runningLow(): boolean {
    for (const [id, lane] of this.#lanes) {
      if (lane.mayHaveMore && lane.queued.length + lane.sending.size < this.#target(id) / 2) return true;
    }
    return false;
  }

  /**
   * Enough for about `AHEAD_WINDOW_MS` of the endpoint's sending at its recent answer time (within a quarter of
   * the lease), between its bound and `MAX_AHEAD_FACTOR` times it; its bound until it has answered.
   */
  #target(webhookId: string): number {
    const { perEndpoint, leaseMs } = this.#limits;
    const average = this.#answerTimes.get(webhookId);
    if (average === undefined) return perEndpoint;
    const window = Math.min(AHEAD_WINDOW_MS, leaseMs / 4);
    const target = Math.floor((perEndpoint * window) / Math.max(average, 1));
    return Math.min(Math.max(target, perEndpoint), perEndpoint * MAX_AHEAD_FACTOR);
  }

  #lane(webhookId: string): Lane {
    let lane = this.#lanes.get(webhookId);
    if (!lane) {
      lane = { queued: [], sending: new Set(), mayHaveMore: false, after: null, leaseUntil: 0, sweptAt: 0 };
      this.#lanes.set(webhookId, lane);
    }
    return lane;
  }
}
