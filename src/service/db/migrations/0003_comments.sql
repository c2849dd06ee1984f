CREATE TABLE "comment_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"comment_id" text NOT NULL,
	"author_id" text,
	"anonymous_name" text,
	"text" text NOT NULL,
	"mention_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"brandspace_id" text NOT NULL,
	"file_id" text NOT NULL,
	"version_id" text NOT NULL,
	"author_id" text,
	"anonymous_name" text,
	"text" text NOT NULL,
	"timestamp_ms" integer,
	"annotations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mention_ids" text[] DEFAULT '{}' NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_version_id_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_replies_comment" ON "comment_replies" USING btree ("comment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_file" ON "comments" USING btree ("file_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_inbox" ON "comments" USING btree ("brandspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_mentions" ON "comments" USING gin ("mention_ids");