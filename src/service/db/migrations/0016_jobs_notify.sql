-- Every transaction that queues jobs notifies `brandspace_jobs` once, at its commit: the job runners of every
-- worker process listen, and claim a job that an API process queued (an upload's processing, an import, a zip) at
-- once instead of at their next poll (`JOB_POLL_MS`, a second by default).
CREATE FUNCTION "notify_jobs_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('brandspace_jobs', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_queued" AFTER INSERT ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_jobs_queued"();
