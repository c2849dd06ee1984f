-- A published page's references show a visitor only what both its last publisher and the last saver of its content
-- can see (null: the page's creator, as for pages saved and published before).
ALTER TABLE "pages" ADD COLUMN "published_by_id" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "content_saved_by_id" text;