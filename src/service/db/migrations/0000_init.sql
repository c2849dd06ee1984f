CREATE TABLE "board_grants" (
	"board_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_grants_board_id_user_id_pk" PRIMARY KEY("board_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"emoji" text,
	"logo_url" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_grants" (
	"library_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_grants_library_id_user_id_pk" PRIMARY KEY("library_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_files" (
	"board_id" text NOT NULL,
	"file_id" text NOT NULL,
	"added_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_files_board_id_file_id_pk" PRIMARY KEY("board_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "file_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"brandspace_id" text NOT NULL,
	"version_number" integer NOT NULL,
	"blob_sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"extension" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"page_count" integer,
	"colors" text[],
	"placeholder" text,
	"features" real[],
	"original_name" text NOT NULL,
	"created_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"library_id" text NOT NULL,
	"folder_id" text,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text NOT NULL,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"active_version_id" text,
	"active_number" integer DEFAULT 1 NOT NULL,
	"version_count" integer DEFAULT 1 NOT NULL,
	"next_version_number" integer DEFAULT 2 NOT NULL,
	"external_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"trashed_at" timestamp (3) with time zone,
	"hidden_by" text
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"library_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"color" text,
	"created_by_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"trashed_at" timestamp (3) with time zone,
	"hidden_by" text
);
--> statement-breakpoint
CREATE TABLE "renditions" (
	"version_id" text NOT NULL,
	"kind" text NOT NULL,
	"blob_sha256" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer,
	"height" integer,
	"size" bigint NOT NULL,
	"meta" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renditions_version_id_kind_pk" PRIMARY KEY("version_id","kind")
);
--> statement-breakpoint
CREATE TABLE "upload_parts" (
	"upload_id" text NOT NULL,
	"number" integer NOT NULL,
	"size" bigint NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_parts_upload_id_number_pk" PRIMARY KEY("upload_id","number")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"created_by_id" text NOT NULL,
	"api_key_id" text,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"claimed_mime" text,
	"method" text NOT NULL,
	"part_size" bigint NOT NULL,
	"status" text NOT NULL,
	"library_id" text,
	"folder_id" text,
	"file_id" text,
	"transfer_id" text,
	"blob_sha256" text,
	"result_file_id" text,
	"result_version_id" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"brandspace_id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"data" jsonb NOT NULL,
	"request_id" text,
	"fanned_out_at" timestamp (3) with time zone,
	CONSTRAINT "events_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"api_key_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"owner" text,
	"locked_until" timestamp (3) with time zone,
	"status_code" integer,
	"response_body" text,
	"response_headers" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp (3) with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"brandspace_id" text NOT NULL,
	"counter" text NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "rate_counters_brandspace_id_counter_window_start_pk" PRIMARY KEY("brandspace_id","counter","window_start")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"interval_ms" integer NOT NULL,
	"next_run_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"board_id" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"selection_mode" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_options" (
	"id" text PRIMARY KEY NOT NULL,
	"property_id" text NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_values" (
	"file_id" text NOT NULL,
	"property_id" text NOT NULL,
	"brandspace_id" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"lookup" text NOT NULL,
	"secret_hash" text NOT NULL,
	"region" text,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "brandspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"plan" text DEFAULT 'standard' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"brandspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_brandspace_id_user_id_pk" PRIMARY KEY("brandspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"permissions" jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_seq" bigint NOT NULL,
	"event_type" text NOT NULL,
	"status" text NOT NULL,
	"attempt" integer NOT NULL,
	"origin" text NOT NULL,
	"replayed_from_id" text,
	"scheduled_at" timestamp (3) with time zone NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	"http_status" integer,
	"duration_ms" integer,
	"error_code" text,
	"response_excerpt" text,
	"request_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_replays" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"since" timestamp (3) with time zone NOT NULL,
	"until" timestamp (3) with time zone,
	"event_types" jsonb,
	"only_failed" boolean NOT NULL,
	"status" text NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text NOT NULL,
	"events" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"disabled_reason" text,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp (3) with time zone,
	"last_success_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_grants" ADD CONSTRAINT "board_grants_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_grants" ADD CONSTRAINT "board_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libraries" ADD CONSTRAINT "libraries_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_grants" ADD CONSTRAINT "library_grants_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_grants" ADD CONSTRAINT "library_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_files" ADD CONSTRAINT "board_files_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_files" ADD CONSTRAINT "board_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renditions" ADD CONSTRAINT "renditions_version_id_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_parts" ADD CONSTRAINT "upload_parts_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_options" ADD CONSTRAINT "property_options_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_values" ADD CONSTRAINT "property_values_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_values" ADD CONSTRAINT "property_values_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_replays" ADD CONSTRAINT "webhook_replays_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_grants_user" ON "board_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "boards_brandspace" ON "boards" USING btree ("brandspace_id","position");--> statement-breakpoint
CREATE INDEX "libraries_brandspace" ON "libraries" USING btree ("brandspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "library_grants_user" ON "library_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_files_file" ON "board_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_versions_number" ON "file_versions" USING btree ("file_id","version_number");--> statement-breakpoint
CREATE INDEX "file_versions_blob" ON "file_versions" USING btree ("blob_sha256");--> statement-breakpoint
CREATE INDEX "files_folder_created" ON "files" USING btree ("library_id","folder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_brandspace_created" ON "files" USING btree ("brandspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_brandspace_name" ON "files" USING btree ("brandspace_id","name","id");--> statement-breakpoint
CREATE INDEX "files_brandspace_size" ON "files" USING btree ("brandspace_id","size","id");--> statement-breakpoint
CREATE INDEX "files_folder_name" ON "files" USING btree ("library_id","folder_id","name","id");--> statement-breakpoint
CREATE INDEX "files_folder_size" ON "files" USING btree ("library_id","folder_id","size","id");--> statement-breakpoint
CREATE INDEX "files_trash" ON "files" USING btree ("brandspace_id","trashed_at");--> statement-breakpoint
CREATE INDEX "files_folder" ON "files" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "files_hidden_by" ON "files" USING btree ("hidden_by");--> statement-breakpoint
CREATE INDEX "files_creator" ON "files" USING btree ("brandspace_id","created_by_id");--> statement-breakpoint
CREATE INDEX "folders_children" ON "folders" USING btree ("library_id","parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "folders_parent" ON "folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "folders_trash" ON "folders" USING btree ("brandspace_id","trashed_at");--> statement-breakpoint
CREATE INDEX "folders_hidden_by" ON "folders" USING btree ("hidden_by");--> statement-breakpoint
CREATE INDEX "renditions_blob" ON "renditions" USING btree ("blob_sha256");--> statement-breakpoint
CREATE INDEX "uploads_expiry" ON "uploads" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "uploads_brandspace" ON "uploads" USING btree ("brandspace_id");--> statement-breakpoint
CREATE INDEX "events_fanout_pending" ON "events" USING btree ("seq") WHERE "events"."fanned_out_at" is null;--> statement-breakpoint
CREATE INDEX "events_brandspace_time" ON "events" USING btree ("brandspace_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_occurred" ON "events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished" ON "jobs" USING btree ("finished_at") WHERE "jobs"."finished_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_active" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "properties_scope" ON "properties" USING btree ("brandspace_id","board_id","position");--> statement-breakpoint
CREATE INDEX "property_options_property" ON "property_options" USING btree ("property_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "property_values_file_property" ON "property_values" USING btree ("file_id","property_id");--> statement-breakpoint
CREATE INDEX "property_values_property" ON "property_values" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "api_keys_lookup" ON "api_keys" USING btree ("lookup");--> statement-breakpoint
CREATE INDEX "api_keys_brandspace" ON "api_keys" USING btree ("brandspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_brandspace_slug" ON "roles" USING btree ("brandspace_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_fanout_once" ON "webhook_deliveries" USING btree ("webhook_id","event_id") WHERE "webhook_deliveries"."origin" in ('fanout', 'test') and "webhook_deliveries"."attempt" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_chain_attempt" ON "webhook_deliveries" USING btree ("chain_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_list" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("scheduled_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhooks_brandspace_created" ON "webhooks" USING btree ("brandspace_id","created_at");