import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Annotation } from "../../../contract/comments.ts";
import { createdAt, ts, updatedAt } from "./columns.ts";
import { files, fileVersions } from "./content.ts";
import { brandspaces, users } from "./tenancy.ts";

/**
 * Comments on a file's version. `author_id` is null for a shared-link visitor (who gives `anonymous_name`);
 * `mention_ids` are member user ids, resolved to names when read.
 */
export const comments = pgTable(
  "comments",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    versionId: text("version_id")
      .notNull()
      .references(() => fileVersions.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    anonymousName: text("anonymous_name"),
    text: text("text").notNull(),
    timestampMs: integer("timestamp_ms"),
    annotations: jsonb("annotations").$type<Annotation[]>().notNull().default([]),
    mentionIds: text("mention_ids").array().notNull().default([]),
    replyCount: integer("reply_count").notNull().default(0),
    resolvedAt: ts("resolved_at"),
    resolvedById: text("resolved_by_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    editedAt: ts("edited_at"),
  },
  (t) => [
    index("comments_file").on(t.fileId, t.createdAt, t.id),
    index("comments_inbox").on(t.brandspaceId, t.createdAt, t.id),
    index("comments_mentions").using("gin", t.mentionIds),
  ],
);

export const commentReplies = pgTable(
  "comment_replies",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    anonymousName: text("anonymous_name"),
    text: text("text").notNull(),
    mentionIds: text("mention_ids").array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    editedAt: ts("edited_at"),
  },
  (t) => [index("comment_replies_comment").on(t.commentId, t.createdAt, t.id)],
);
