DROP INDEX "files_brandspace_name";--> statement-breakpoint
DROP INDEX "files_folder_name";--> statement-breakpoint
CREATE INDEX "files_brandspace_name" ON "files" USING btree ("brandspace_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "files_folder_name" ON "files" USING btree ("library_id","folder_id",lower("name"),"id");--> statement-breakpoint
-- An expression index has no statistics until analyzed (no autovacuum on a fresh PostgreSQL here, none on PGlite).
ANALYZE "files";
