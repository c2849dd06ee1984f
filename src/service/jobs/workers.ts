import type { ServiceDeps } from "../deps.ts";

export interface Workers {
  stop(): Promise<void>;
}

/** Starts the in-process workers (job runner and schedules). Filled in by the jobs module. */
export async function startWorkers(_deps: ServiceDeps): Promise<Workers> {
  return { stop: async () => {} };
}
