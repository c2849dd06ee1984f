import type { SendBatch } from "./attempt-delivery.ts";
import type { ClaimedAttempt } from "./delivery-queue.repository.ts";

/** An attempt this loop leased and has not started yet, with what it needs to be sent. */
export interface QueuedAttempt {
  delivery: ClaimedAttempt;
  batch: SendBatch;
  claimedAt: number;
}

interface Lane {
  queued: QueuedAttempt[];
  inFlight: number;
  /** The last claim gave this endpoint attempts: it may have more due. */
  mayHaveMore: boolean;
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
 * Endpoints whose answer time is remembered (the most recently answered): each claim names them with their
 * targets, and an endpoint not named is held to its bound, as before it answered.
 */
export const REMEMBERED_ENDPOINTS = 1_000;

/**
 * Each endpoint's attempts held by one dispatch loop: those in flight, and those leased ahead that wait for a
 * slot. An answer frees a slot that the next waiting attempt takes at once, from memory, instead of after the
 * next claim's round trips. How many are held ahead follows the endpoint's answer time, so that what waits is
 * sent well within its lease; one that waited past half its lease is given back instead (`takeStale`).
 */
export class EndpointLanes {
  readonly #lanes = new Map<string, Lane>();
  readonly #limits: LaneLimits;
  /** Per endpoint, its answer time smoothed (ms): how many attempts it is worth holding ahead. */
  readonly #answerTimes: Map<string, number>;
  #inFlight = 0;
  #queued = 0;

  /** `answerTimes` may be shared with the loops that come after this one. */
  constructor(limits: LaneLimits, answerTimes: Map<string, number> = new Map()) {
    this.#limits = limits;
    this.#answerTimes = answerTimes;
  }

  /** Attempts held: waiting and in flight. */
  get held(): number {
    return this.#queued + this.#inFlight;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#queued;
  }

  /** Endpoints with attempts waiting. */
  endpointsWaiting(): string[] {
    return [...this.#lanes].filter(([, lane]) => lane.queued.length > 0).map(([id]) => id);
  }

  /** The endpoints holding their target or more: a claim gives them nothing, whatever they have due. */
  full(): Set<string> {
    const full = new Set<string>();
    for (const [id, lane] of this.#lanes)
      if (lane.queued.length + lane.inFlight >= this.#target(id)) full.add(id);
    return full;
  }

  /**
   * What a claim gave, empty or not: an endpoint it gave attempts to may have more due; one that had room (not in
   * `fullBefore`, taken before the claim) and got none has none (until new work is announced or the next poll); a
   * full one is as it was.
   */
  claimed(claimed: ClaimedAttempt[], fullBefore: ReadonlySet<string> = new Set()): void {
    const given = new Set(claimed.map((delivery) => delivery.webhookId));
    for (const [id, lane] of this.#lanes)
      lane.mayHaveMore = given.has(id) || (lane.mayHaveMore && fullBefore.has(id));
    for (const id of given) this.#lane(id).mayHaveMore = true;
  }

  /** Adds claimed attempts (in sending order) behind those already waiting. */
  add(claimed: ClaimedAttempt[], batch: SendBatch, now = Date.now()): void {
    for (const delivery of claimed)
      this.#lane(delivery.webhookId).queued.push({ delivery, batch, claimedAt: now });
    this.#queued += claimed.length;
  }

  /**
   * The waiting attempts that may start now, each endpoint up to its bound and the loop up to its own (of one
   * endpoint only when `webhookId` is given and the loop is below its bound). They count as in flight until
   * `finished`.
   */
  takeReady(webhookId?: string): QueuedAttempt[] {
    const ready: QueuedAttempt[] = [];
    const lanes =
      webhookId && this.#inFlight < this.#limits.maxInFlight ? [this.#lane(webhookId)] : this.#lanes.values();
    for (const lane of lanes) {
      while (
        lane.queued.length > 0 &&
        lane.inFlight < this.#limits.perEndpoint &&
        this.#inFlight < this.#limits.maxInFlight
      ) {
        ready.push(lane.queued.shift()!);
        lane.inFlight++;
        this.#inFlight++;
        this.#queued--;
      }
    }
    return ready;
  }

  /** An attempt taken by `takeReady` is over; `durationMs` when it was answered. */
  finished(webhookId: string, durationMs: number | null): void {
    const lane = this.#lane(webhookId);
    lane.inFlight--;
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

  /** Removes an endpoint's waiting attempts (it was disabled or deleted); returns them to be given back. */
  drop(webhookId: string): ClaimedAttempt[] {
    const lane = this.#lanes.get(webhookId);
    if (!lane) return [];
    const dropped = lane.queued.splice(0).map((entry) => entry.delivery);
    this.#queued -= dropped.length;
    lane.mayHaveMore = false;
    return dropped;
  }

  /** Removes every waiting attempt (the loop stops); returns them to be given back. */
  dropAll(): ClaimedAttempt[] {
    return [...this.#lanes.keys()].flatMap((id) => this.drop(id));
  }

  /** Removes the attempts that waited past half their lease: sent now, they might still be out when it lapses. */
  takeStale(now = Date.now()): ClaimedAttempt[] {
    const cutoff = now - this.#limits.leaseMs / 2;
    const stale: ClaimedAttempt[] = [];
    for (const lane of this.#lanes.values()) {
      while (lane.queued.length > 0 && lane.queued[0]!.claimedAt < cutoff)
        stale.push(lane.queued.shift()!.delivery);
    }
    this.#queued -= stale.length;
    return stale;
  }

  /**
   * Per endpoint that answered before (in this loop or an earlier one): how many attempts to hold (see
   * `ClaimLimits.ahead`).
   */
  aheadTargets(): Record<string, number> {
    const targets: Record<string, number> = {};
    for (const id of this.#answerTimes.keys()) targets[id] = this.#target(id);
    return targets;
  }

  /** An endpoint that may have more due is down to less than half of what it should hold: time to claim. */
  runningLow(): boolean {
    for (const [id, lane] of this.#lanes) {
      if (lane.mayHaveMore && lane.queued.length + lane.inFlight < this.#target(id) / 2) return true;
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
      lane = { queued: [], inFlight: 0, mayHaveMore: false };
      this.#lanes.set(webhookId, lane);
    }
    return lane;
  }
}
