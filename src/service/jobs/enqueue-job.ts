import type { Db } from "../db/client.ts";
import type { Job, JobShape } from "./job-types.ts";
import { insertJob } from "./jobs.repository.ts";

export interface EnqueueOptions {
  /** Not before this moment; default now. */
  runAt?: Date;
  /** At most one queued or running job per key; a second enqueue meanwhile is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export type EnqueueResult = { enqueued: true; id: number } | { enqueued: false; reason: "duplicate" };

/**
 * Adds a job. Pass the transaction of the change that causes the job, so both commit or neither does; after the
 * commit, `signal.notify("jobs")` wakes this process's runner (other processes find the job by polling).
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
