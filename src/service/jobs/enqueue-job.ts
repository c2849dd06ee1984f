import type { Db } from "../db/client.ts";
import type { Job, JobShape } from "./job-types.ts";
import { insertJob, insertJobUnlessDue } from "./jobs.repository.ts";

export interface EnqueueOptions {
  /** Not before this moment; default now. */
  runAt?: Date;
  /** At most one queued or running job per key; a second enqueue meanwhile is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Notified once by each transaction that queues jobs, whichever process ran it (migration 0016). */
export const JOBS_QUEUED_CHANNEL = "brandspace_jobs";

export type EnqueueResult = { enqueued: true; id: number } | { enqueued: false; reason: "duplicate" };

/**
 * Adds a job. Pass the transaction of the change that causes the job, so both commit or neither does. Its commit
 * wakes the runners of every worker process (`JOBS_QUEUED_CHANNEL`); `signal.notify("jobs")` after it wakes this
 * process's a little sooner.
 */
export async function enqueueJob<TJob extends JobShape = Job>(
  db: Db,
  job: NoInfer<TJob>,
  options: EnqueueOptions = {},
): Promise<EnqueueResult> {
  const row = await insertJob(db, {
    type: job.type,
    payload: job.payload,
    status: "queued",
    runAt: options.runAt,
    maxAttempts: options.maxAttempts,
    dedupeKey: options.dedupeKey ?? null,
  });
  return row ? { enqueued: true, id: row.id } : { enqueued: false, reason: "duplicate" };
}

/**
 * Adds a job that only looks for work, unless one of its type already waits due to be claimed. A run of it in
 * progress does not count: its process may have died, and would hold the job until its lease lapses.
 */
export async function enqueueLookForWork<TJob extends JobShape = Job>(
  db: Db,
  job: NoInfer<TJob>,
): Promise<EnqueueResult> {
  const row = await insertJobUnlessDue(db, { type: job.type, payload: job.payload });
  return row ? { enqueued: true, id: row.id } : { enqueued: false, reason: "duplicate" };
}
