-- A dispatch loop now leases an endpoint (webhook_senders) instead of each attempt it sends: a lease was one of an
-- attempt's three row versions and four of its eleven index entries. Leases held at the upgrade are dropped with
-- their columns: those attempts are pending, and are sent again (at least once).
CREATE TABLE "webhook_senders" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"leased_by" text NOT NULL,
	"lease_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_leased";--> statement-breakpoint
DROP INDEX "webhook_deliveries_queue";--> statement-breakpoint
ALTER TABLE "webhook_senders" ADD CONSTRAINT "webhook_senders_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_queue" ON "webhook_deliveries" USING btree ("webhook_id","scheduled_at","event_seq","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "leased_by";