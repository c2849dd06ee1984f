import { bigint, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns.ts";
import { files } from "./content.ts";
import { brandspaces } from "./tenancy.ts";

/** A page is a file of kind `page`; this row holds its block document and publication. */
export const pages = pgTable(
  "pages",
  {
    fileId: text("file_id")
      .primaryKey()
      .references(() => files.id, { onDelete: "cascade" }),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    content: jsonb("content").$type<unknown>().notNull(),
    /** Unguessable token of the public URL while published; a new one on each publish. */
    publishToken: text("publish_token"),
    publishedAt: ts("published_at"),
    /** Who last published it and who last saved its content: a visitor sees only what both of them can see. */
    publishedById: text("published_by_id"),
    contentSavedById: text("content_saved_by_id"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("pages_publish_token").on(t.publishToken)],
);

/** URL imports: queued in order per brandspace, at most 2 running; `file_id` once the file exists. */
export const imports = pgTable(
  "imports",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    createdById: text("created_by_id").notNull(),
    apiKeyId: text("api_key_id"),
    url: text("url").notNull(),
    name: text("name"),
    libraryId: text("library_id"),
    folderId: text("folder_id"),
    status: text("status")
      .$type<"queued" | "downloading" | "processing" | "completed" | "failed">()
      .notNull(),
    fileId: text("file_id"),
    bytesReceived: bigint("bytes_received", { mode: "number" }).notNull().default(0),
    size: bigint("size", { mode: "number" }),
    /** The job running it: run again after a crash, that job starts the download over; any other one leaves it. */
    jobId: bigint("job_id", { mode: "number" }),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
  },
  (t) => [index("imports_queue").on(t.brandspaceId, t.status, t.createdAt, t.id)],
);
