import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.ts";
import { jobs } from "../db/schema/index.ts";
import { deleteInBatches } from "./delete-in-batches.ts";
import type { JobPayload } from "./job-types.ts";

/** A job leased to one worker; `attempts` includes this run (1 on the first claim). */
export type ClaimedJob = Pick<typeof jobs.$inferSelect, "id" | "type" | "attempts" | "maxAttempts"> & {
  payload: JobPayload;
  workerId: string;
};

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * Claims up to `limit` due jobs of the given types for one worker and leases them. Jobs whose lease expired (their
 * worker crashed or stalled) are due again. SKIP LOCKED lets concurrent claimers pass over each other's rows
 * instead of waiting, and the re-check of a just-claimed row excludes it from every later claim.
 */
export async function claimJobs(
  db: Db,
  claim: { workerId: string; types: string[]; limit: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  if (claim.types.length === 0 || claim.limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.type, claim.types),
        or(
          and(eq(jobs.status, "queued"), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, "running"), lt(jobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(claim.limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({
      status: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: claim.workerId,
      lockedUntil: sql`now() + ${seconds(claim.leaseMs)}`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      type: jobs.type,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return rows
    .map((row) => ({ ...row, payload: row.payload as JobPayload, workerId: claim.workerId }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Only the run that holds the job may touch it: same worker and same attempt. A job taken over after its lease
 * expired has another holder (or a higher attempt, if this worker claimed it again), so a late write matches nothing.
 */
const heldBy = (job: ClaimedJob) =>
  and(
    eq(jobs.id, job.id),
    eq(jobs.status, "running"),
    eq(jobs.lockedBy, job.workerId),
    eq(jobs.attempts, job.attempts),
  );

/** Heartbeat: pushes the lease forward. False means the lease is lost and the run should stop. */
export async function extendLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${seconds(leaseMs)}`, updatedAt: sql`now()` })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Gives a job back untouched when its worker shuts down mid-run: queued and due at once for another worker, and the
 * interrupted attempt not counted. False when it was no longer held by this run.
 */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: "queued",
      attempts: sql`${jobs.attempts} - 1`,
      lockedBy: null,
      lockedUntil: null,
      runAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** False when the job was no longer held by this run (taken over); nothing was written then. */
export async function markSucceeded(db: Db, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "succeeded", lockedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Back to the queue after a failed attempt, due again after `delayMs`. */
export async function scheduleRetry(
  db: Db,
  job: ClaimedJob,
  error: string,
  delayMs: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: "queued",
      runAt: sql`now() + ${seconds(delayMs)}`,
      lockedBy: null,
      lockedUntil: null,
      lastError: error,
      updatedAt: sql`now()`,
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** The last attempt failed: the job stays failed with its error for an operator to read. */
export async function markFailed(db: Db, job: ClaimedJob, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: "failed",
      lockedUntil: null,
      lastError: error,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Deletes succeeded and failed jobs that finished before `olderThan`; returns how many. */
export async function pruneFinishedJobs(db: Db, olderThan: Date, batchSize?: number): Promise<number> {
  return deleteInBatches(async (limit) => {
    const batch = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ["succeeded", "failed"]), lt(jobs.finishedAt, olderThan)))
      .limit(limit);
    const rows = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
    return rows.length;
  }, batchSize);
}

/**
 * Inserts a job; with a `dedupeKey`, nothing while a job with that key is queued or running. Returns the new
 * job's id, or null for such a duplicate.
 */
export async function insertJob(db: Db, job: typeof jobs.$inferInsert): Promise<{ id: number } | null> {
  const insert = db.insert(jobs).values(job);
  // The conflict target names the partial unique index `jobs_dedupe_active`, so its predicate is repeated here.
  const rows = await (job.dedupeKey
    ? insert.onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
    : insert
  ).returning({ id: jobs.id });
  return rows[0] ?? null;
}

/**
 * Inserts a job unless one of its type is queued and due already (one running does not count: its worker may be
 * dead and hold the job until its lease lapses). Returns the new job's id, or null.
 */
export async function insertJobUnlessDue(
  db: Db,
  job: { type: string; payload: Record<string, unknown> },
): Promise<{ id: number } | null> {
  const [row] = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      insert into jobs (type, payload, status)
      select ${job.type}, ${JSON.stringify(job.payload)}::jsonb, 'queued'
      where not exists (
        select 1 from jobs where type = ${job.type} and status = 'queued' and run_at <= now()
      )
      returning id`),
  );
  return row ? { id: Number(row.id) } : null;
}
