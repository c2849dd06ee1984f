CREATE TABLE "tag_count_changes" (
	"brandspace_id" text NOT NULL,
	"library_id" text NOT NULL,
	"tag" text NOT NULL,
	"change" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_counts" (
	"brandspace_id" text NOT NULL,
	"library_id" text NOT NULL,
	"tag" text NOT NULL,
	"file_count" integer NOT NULL,
	CONSTRAINT "tag_counts_library_id_tag_pk" PRIMARY KEY("library_id","tag")
);
--> statement-breakpoint
CREATE INDEX "tag_count_changes_brandspace" ON "tag_count_changes" USING btree ("brandspace_id","tag");--> statement-breakpoint
CREATE INDEX "tag_counts_brandspace" ON "tag_counts" USING btree ("brandspace_id","tag");--> statement-breakpoint
-- The triggers keeping tag_counts (see src/service/db/schema/tag-counts.ts): each statement on files appends a -1
-- for each tag a row no longer counts for (removed, or the row left its library or stopped being active) and a +1
-- for each tag it now counts for: adding one tag to a file appends one row, an update of other columns none.
-- Statement triggers, so that trashing a folder of 10,000 files appends its changes in one insert; transition
-- tables do not allow an UPDATE OF column list, hence the join.
CREATE FUNCTION "files_tag_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_count_changes (brandspace_id, library_id, tag, change)
  SELECT n.brandspace_id, n.library_id, t.tag, 1
  FROM new_files n CROSS JOIN LATERAL unnest(n.tags) AS t(tag)
  WHERE n.trashed_at IS NULL AND n.hidden_by IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "files_tag_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_count_changes (brandspace_id, library_id, tag, change)
  SELECT o.brandspace_id, o.library_id, t.tag, -1
  FROM old_files o CROSS JOIN LATERAL unnest(o.tags) AS t(tag)
  WHERE o.trashed_at IS NULL AND o.hidden_by IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "files_tag_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_count_changes (brandspace_id, library_id, tag, change)
  SELECT o.brandspace_id, o.library_id, t.tag, -1
  FROM old_files o JOIN new_files n ON n.id = o.id CROSS JOIN LATERAL unnest(o.tags) AS t(tag)
  WHERE o.trashed_at IS NULL AND o.hidden_by IS NULL
    AND NOT (n.trashed_at IS NULL AND n.hidden_by IS NULL AND n.library_id = o.library_id AND t.tag = ANY (n.tags))
  UNION ALL
  SELECT n.brandspace_id, n.library_id, t.tag, 1
  FROM new_files n JOIN old_files o ON o.id = n.id CROSS JOIN LATERAL unnest(n.tags) AS t(tag)
  WHERE n.trashed_at IS NULL AND n.hidden_by IS NULL
    AND NOT (o.trashed_at IS NULL AND o.hidden_by IS NULL AND o.library_id = n.library_id AND t.tag = ANY (o.tags));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "files_tag_counts_added" AFTER INSERT ON "files"
  REFERENCING NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION files_tag_counts_added();--> statement-breakpoint
CREATE TRIGGER "files_tag_counts_removed" AFTER DELETE ON "files"
  REFERENCING OLD TABLE AS old_files FOR EACH STATEMENT EXECUTE FUNCTION files_tag_counts_removed();--> statement-breakpoint
CREATE TRIGGER "files_tag_counts_updated" AFTER UPDATE ON "files"
  REFERENCING OLD TABLE AS old_files NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION files_tag_counts_updated();--> statement-breakpoint
INSERT INTO tag_counts (brandspace_id, library_id, tag, file_count)
SELECT f.brandspace_id, f.library_id, t.tag, count(*)
FROM files f CROSS JOIN LATERAL unnest(f.tags) AS t(tag)
WHERE f.trashed_at IS NULL AND f.hidden_by IS NULL
GROUP BY f.brandspace_id, f.library_id, t.tag;--> statement-breakpoint
ANALYZE "tag_counts";
