-- Every transaction that commits events notifies `brandspace_events` once (PostgreSQL folds a transaction's equal
-- notifications into one and sends it at commit): the webhook dispatchers of every process listen, and fan out
-- what any process committed at once instead of at their next heartbeat.
CREATE FUNCTION "notify_events_committed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('brandspace_events', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_notify_committed" AFTER INSERT ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_events_committed"();
