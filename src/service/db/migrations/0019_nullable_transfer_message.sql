-- A transfer created without a message has none (`null`), as every absent value in the API; before, it was stored
-- as '': those become null.
ALTER TABLE "transfers" ALTER COLUMN "message" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "transfers" ALTER COLUMN "message" DROP NOT NULL;--> statement-breakpoint
UPDATE "transfers" SET "message" = NULL WHERE "message" = '';
