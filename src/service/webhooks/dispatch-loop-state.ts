import type { Logger } from "pino";
import type { Agent } from "undici";
import type { ServiceDeps } from "../deps.ts";
import type { SendingEndpoint } from "./attempt-delivery.ts";
import type { EndpointLanes } from "./endpoint-lanes.ts";
import type { AttemptResult, ResultRecorder } from "./record-results.ts";

/** What one dispatch loop works with and keeps track of; its steps (dispatch-loop.ts) read and update it. */
export interface LoopState {
  readonly deps: ServiceDeps;
  readonly agent: Agent;
  readonly run: { signal: AbortSignal; logger: Logger };
  readonly recorder: ResultRecorder;
  /** This loop, as the holder of the endpoints' leases it takes. */
  readonly owner: string;
  /** The attempts it holds, per endpoint: waiting for a slot, or in flight. */
  readonly lanes: EndpointLanes;
  /** Attempts in flight. */
  readonly sends: Set<Promise<void>>;
  /** Answers that came in since a turn last recorded them. */
  readonly results: AttemptResult[];
  /** Endpoints an answer said are gone (410) since the last turn: what a claim beside it gives them is not sent. */
  readonly gone: Set<string>;
  /**
   * The endpoints of the attempts held, by id, as last read (enabled, URL, secrets, and the version of what
   * sending uses of them, to compare with a claim's); shared by every send.
   */
  readonly endpoints: Map<string, SendingEndpoint>;
  claiming: boolean;
  /** A wake-up came since the current turn began. */
  woken: boolean;
  /** Events may be waiting for the fan-out (a wake-up announced them, or the last batch was full). */
  eventsCommitted: boolean;
  /** Ends the sleep under way, if any, when its condition holds. */
  wakeUp: () => void;
  fannedOutAt: number;
  /**
   * The fan-out batches under way, if any; events they took since the last turn; how many attempts each event of
   * the last batch made; attempts this loop fanned out and has not claimed yet (an estimate: another process's
   * claims are not counted); the error one ended with.
   */
  fanOut: {
    running: Promise<void> | null;
    ended: number;
    attemptsPerEvent: number;
    ahead: number;
    failed: unknown;
  };
  parkedAt: number;
  claimedAt: number;
  endpointsReadAt: number;
}

export function wake(state: LoopState): void {
  state.woken = true;
  state.wakeUp();
}

/** Resolves after `ms`, or sooner on a wake-up (or at once if one came since the turn began). */
export function sleep(state: LoopState, ms: number, wakeWhen: () => boolean = () => true): Promise<void> {
  if (state.woken && wakeWhen()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(), ms);
    const finish = () => {
      clearTimeout(timer);
      state.wakeUp = () => {};
      resolve();
    };
    state.wakeUp = () => {
      if (wakeWhen()) finish();
    };
  });
}
