import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * How many active files of each library carry each tag, for the tags in use (`GET /v1/tags`), instead of an
 * aggregate over every file's tags at each request (90–110 ms at 100,000 files, growing with them).
 *
 * Statement triggers on `files` (migration 0022) only append to `tag_count_changes`: a row is never updated in
 * place, so writers tagging files at once neither wait for each other on a popular tag nor fail each other's
 * serializable transactions. The `tags.fold_counts` job folds the changes into `tag_counts`; a count is the sum of
 * its row here and its changes not yet folded, so it is exact at every moment.
 */
export const tagCounts = pgTable(
  "tag_counts",
  {
    brandspaceId: text("brandspace_id").notNull(),
    libraryId: text("library_id").notNull(),
    tag: text("tag").notNull(),
    fileCount: integer("file_count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.libraryId, t.tag] }),
    index("tag_counts_brandspace").on(t.brandspaceId, t.tag),
  ],
);

/** +1 or -1 for a tag of a library's active files, appended by the triggers; folded away by `tags.fold_counts`. */
export const tagCountChanges = pgTable(
  "tag_count_changes",
  {
    brandspaceId: text("brandspace_id").notNull(),
    libraryId: text("library_id").notNull(),
    tag: text("tag").notNull(),
    change: integer("change").notNull(),
  },
  (t) => [index("tag_count_changes_brandspace").on(t.brandspaceId, t.tag)],
);
