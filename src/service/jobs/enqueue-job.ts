import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import type { Job, JobShape } from "./job-types.ts";

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
  const insert = db.insert(jobs).values({
    type: job.type,
    payload: job.payload,
    status: "queued",
    runAt: options.runAt,
    maxAttempts: options.maxAttempts,
    dedupeKey: options.dedupeKey ?? null,
  });
  // The conflict target names the partial unique index `jobs_dedupe_active`, so its predicate is repeated here.
  const rows = await (options.dedupeKey
    ? insert.onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
    : insert
  ).returning({ id: jobs.id });
  const row = rows[0];
  return row ? { enqueued: true, id: row.id } : { enqueued: false, reason: "duplicate" };
}
