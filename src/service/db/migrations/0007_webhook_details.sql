ALTER TABLE "webhook_deliveries" ADD COLUMN "sent_url" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "sent_signature" text;--> statement-breakpoint
CREATE INDEX "webhook_replays_list" ON "webhook_replays" USING btree ("webhook_id","created_at");