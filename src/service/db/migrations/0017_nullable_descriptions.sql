-- A library or webhook created without a description has none (`null`), as every absent value in the API.
-- Before, an unsent description was stored as '': those become null.
ALTER TABLE "libraries" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "libraries" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
UPDATE "libraries" SET "description" = NULL WHERE "description" = '';--> statement-breakpoint
UPDATE "webhooks" SET "description" = NULL WHERE "description" = '';
