/**
 * Payloads carry ids only: a handler re-reads the current state, so a job never acts on a stale snapshot and a
 * retry or a duplicate sees the same truth.
 */
export type JobPayload = Record<string, string | number | boolean | null>;

type NoPayload = Record<string, never>;

/** Every job this service runs. Add a job type here and its handler in `job-registry.ts`. */
export type JobPayloads = {
  "cleanup.idempotency_keys": NoPayload;
  "cleanup.rate_counters": NoPayload;
  "cleanup.jobs": NoPayload;
  "cleanup.events": NoPayload;
  "cleanup.zip_downloads": NoPayload;
  "media.process_version": { versionId: string };
  "uploads.expire": NoPayload;
  "blobs.reclaim": NoPayload;
  "trash.purge": NoPayload;
  "db.analyze": NoPayload;
  "db.vacuum": NoPayload;
  "webhooks.dispatch": NoPayload;
  "webhooks.replay": { replayId: string };
  "webhooks.retention": NoPayload;
  "transfers.build_zip": { transferId: string };
  "transfers.expire": NoPayload;
  "transfers.cleanup": NoPayload;
  "imports.run": { importId: string };
  "tags.fold_counts": NoPayload;
};

export type JobType = keyof JobPayloads;

/** The typed union of jobs: `{ type, payload }` with the payload of that type. */
export type Job = { [T in JobType]: { type: T; payload: JobPayloads[T] } }[JobType];

/** What the queue stores; `Job` narrows it to the jobs this service knows (tests define their own). */
export interface JobShape {
  type: string;
  payload: JobPayload;
}
