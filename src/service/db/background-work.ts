import { AsyncLocalStorage } from "node:async_hooks";

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work`, and everything it starts, as background work (jobs: processing, imports, webhook deliveries):
 * on PGlite, whose one connection every statement shares, the statements waiting of requests and of background
 * work take turns, so that a request does not wait for everything the jobs queued.
 */
export function asBackgroundWork<T>(work: () => T): T {
  return background.run(true, work);
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
