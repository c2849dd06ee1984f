import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.ts";
import { brandspaces } from "./tenancy.ts";

/** What a zip download holds: `path` is the folder an entry sits in ("" is the top), `name` its name there. */
export interface ZipDownloadEntries {
  files: { path: string; name: string; size: number; blobSha256: string }[];
  folders: { path: string; name: string }[];
}

/**
 * A zip of a member's selection, snapshotted when its signed URL is issued and streamed from these entries until
 * `expires_at`; the cleanup job deletes it after that.
 */
export const zipDownloads = pgTable(
  "zip_downloads",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    entries: jsonb("entries").$type<ZipDownloadEntries>().notNull(),
    fileCount: integer("file_count").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("zip_downloads_expiry").on(t.expiresAt)],
);
