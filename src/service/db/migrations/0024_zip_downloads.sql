CREATE TABLE "zip_downloads" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"name" text NOT NULL,
	"entries" jsonb NOT NULL,
	"file_count" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zip_downloads" ADD CONSTRAINT "zip_downloads_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zip_downloads_expiry" ON "zip_downloads" USING btree ("expires_at");