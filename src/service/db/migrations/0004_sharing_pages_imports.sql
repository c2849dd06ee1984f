CREATE TABLE "imports" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"created_by_id" text NOT NULL,
	"api_key_id" text,
	"url" text NOT NULL,
	"name" text,
	"library_id" text,
	"folder_id" text,
	"status" text NOT NULL,
	"file_id" text,
	"bytes_received" bigint DEFAULT 0 NOT NULL,
	"size" bigint,
	"job_id" bigint,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"file_id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"content" jsonb NOT NULL,
	"publish_token" text,
	"published_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_links" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"token" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"access" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp (3) with time zone,
	"anonymous_comments" boolean DEFAULT false NOT NULL,
	"show_versions" boolean DEFAULT false NOT NULL,
	"show_properties" boolean DEFAULT false NOT NULL,
	"display_mode" text DEFAULT 'grid' NOT NULL,
	"board_views" jsonb NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "transfer_files" (
	"transfer_id" text NOT NULL,
	"id" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"blob_sha256" text NOT NULL,
	"source_file_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_files_transfer_id_id_pk" PRIMARY KEY("transfer_id","id")
);
--> statement-breakpoint
CREATE TABLE "transfer_folders" (
	"transfer_id" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_folders_transfer_id_path_name_pk" PRIMARY KEY("transfer_id","path","name")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"expired_reason" text,
	"password_hash" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"zip_sha256" text,
	"zip_size" bigint,
	"size" bigint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"folder_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp (3) with time zone,
	"expired_at" timestamp (3) with time zone,
	"cleaned_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "result_transfer_file_id" text;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_files" ADD CONSTRAINT "transfer_files_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_folders" ADD CONSTRAINT "transfer_folders_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_queue" ON "imports" USING btree ("brandspace_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_publish_token" ON "pages" USING btree ("publish_token");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_links_token" ON "shared_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "shared_links_brandspace" ON "shared_links" USING btree ("brandspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shared_links_target" ON "shared_links" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_files_entry" ON "transfer_files" USING btree ("transfer_id","path","name");--> statement-breakpoint
CREATE INDEX "transfer_files_blob" ON "transfer_files" USING btree ("blob_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_token" ON "transfers" USING btree ("token");--> statement-breakpoint
CREATE INDEX "transfers_brandspace" ON "transfers" USING btree ("brandspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfers_expiry" ON "transfers" USING btree ("status","expires_at");