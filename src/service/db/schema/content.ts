import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { boards, libraries } from "./access.ts";
import { createdAt, ts, updatedAt } from "./columns.ts";
import { brandspaces } from "./tenancy.ts";

/**
 * Trash model shared by folders and files: `trashed_at` is set on the item the user trashed; every item below a
 * trashed folder gets `hidden_by` = that folder's id instead, so "active" is `trashed_at IS NULL AND hidden_by IS NULL`
 * (index-friendly), and restoring a folder un-hides exactly what it hid, not what was trashed on its own before.
 */
export const folders = pgTable(
  "folders",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    libraryId: text("library_id")
      .notNull()
      .references(() => libraries.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    name: text("name").notNull(),
    color: text("color"),
    createdById: text("created_by_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    trashedAt: ts("trashed_at"),
    hiddenBy: text("hidden_by"),
  },
  (t) => [
    index("folders_children").on(t.libraryId, t.parentId, t.createdAt, t.id),
    index("folders_parent").on(t.parentId),
    index("folders_trash").on(t.brandspaceId, t.trashedAt),
    index("folders_hidden_by").on(t.hiddenBy),
  ],
);

export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    libraryId: text("library_id")
      .notNull()
      .references(() => libraries.id, { onDelete: "cascade" }),
    folderId: text("folder_id"),
    name: text("name").notNull(),
    /** From the content and the original name; does not change on rename. */
    extension: text("extension").notNull(),
    // The fields below mirror the active version so that listings filter and sort from one table.
    kind: text("kind").notNull(),
    mime: text("mime").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    status: text("status").$type<"processing" | "ready" | "failed">().notNull(),
    durationMs: integer("duration_ms"),
    width: integer("width"),
    height: integer("height"),
    activeVersionId: text("active_version_id"),
    activeNumber: integer("active_number").notNull().default(1),
    versionCount: integer("version_count").notNull().default(1),
    /** Version numbers are never reused: the next number to hand out. */
    nextVersionNumber: integer("next_version_number").notNull().default(2),
    externalUrl: text("external_url"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    published: boolean("published").notNull().default(false),
    createdById: text("created_by_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    trashedAt: ts("trashed_at"),
    hiddenBy: text("hidden_by"),
    /**
     * Everything a keyword can match, lower-cased, one field per line: the name, the tags, text property values, chosen
     * option labels, comments and replies. Kept by database triggers (migration 0005); never read back.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * The words of `search_text` that `search_words` keeps (a run of over 64 letters as overlapping pieces of
     * 64), kept by the same triggers (migration 0010): a keyword is looked up as the known words containing it.
     */
    searchTokens: text("search_tokens").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("files_search_text").using("gin", t.searchText.op("gin_trgm_ops")),
    index("files_search_tokens").using("gin", t.searchTokens),
    // Relevance tiers of a one-word search: an exact or prefix name (btree), a name containing it (trigram).
    index("files_name_lower").on(t.brandspaceId, sql`lower(${t.name}) text_pattern_ops`),
    index("files_name_trgm").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("files_folder_created").on(t.libraryId, t.folderId, t.createdAt, t.id),
    index("files_brandspace_created").on(t.brandspaceId, t.createdAt, t.id),
    // Names sort without regard to case (`lower`), as people read them: "apple" before "Zebra".
    index("files_brandspace_name").on(t.brandspaceId, sql`lower(${t.name})`, t.id),
    index("files_brandspace_size").on(t.brandspaceId, t.size, t.id),
    index("files_folder_name").on(t.libraryId, t.folderId, sql`lower(${t.name})`, t.id),
    index("files_folder_size").on(t.libraryId, t.folderId, t.size, t.id),
    index("files_trash").on(t.brandspaceId, t.trashedAt),
    index("files_folder").on(t.folderId),
    index("files_hidden_by").on(t.hiddenBy),
    index("files_creator").on(t.brandspaceId, t.createdById),
  ],
);

export const fileVersions = pgTable(
  "file_versions",
  {
    id: text("id").primaryKey(),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    brandspaceId: text("brandspace_id").notNull(),
    versionNumber: integer("version_number").notNull(),
    blobSha256: text("blob_sha256").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    mime: text("mime").notNull(),
    extension: text("extension").notNull(),
    kind: text("kind").notNull(),
    status: text("status").$type<"processing" | "ready" | "failed">().notNull(),
    failureReason: text("failure_reason"),
    durationMs: integer("duration_ms"),
    width: integer("width"),
    height: integer("height"),
    pageCount: integer("page_count"),
    colors: text("colors").array(),
    placeholder: text("placeholder"),
    features: real("features").array(),
    originalName: text("original_name").notNull(),
    createdById: text("created_by_id").notNull(),
    createdAt: createdAt(),
    processedAt: ts("processed_at"),
  },
  (t) => [
    uniqueIndex("file_versions_number").on(t.fileId, t.versionNumber),
    index("file_versions_blob").on(t.blobSha256),
  ],
);

export const RENDITION_KINDS = ["thumbnail", "thumbnail_jpeg", "preview", "frames", "scrub"] as const;
export type RenditionKind = (typeof RENDITION_KINDS)[number];

export const renditions = pgTable(
  "renditions",
  {
    versionId: text("version_id")
      .notNull()
      .references(() => fileVersions.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RenditionKind>().notNull(),
    blobSha256: text("blob_sha256").notNull(),
    mime: text("mime").notNull(),
    width: integer("width"),
    height: integer("height"),
    size: bigint("size", { mode: "number" }).notNull(),
    /** Sprite geometry for `frames`. */
    meta: jsonb("meta").$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.kind] }), index("renditions_blob").on(t.blobSha256)],
);

/** Every stored blob; the reclaim job removes those no version, rendition or upload points at. */
export const blobs = pgTable("blobs", {
  sha256: text("sha256").primaryKey(),
  size: bigint("size", { mode: "number" }).notNull(),
  createdAt: createdAt(),
});

export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    createdById: text("created_by_id").notNull(),
    apiKeyId: text("api_key_id"),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    claimedMime: text("claimed_mime"),
    method: text("method").$type<"single" | "multipart">().notNull(),
    partSize: bigint("part_size", { mode: "number" }).notNull(),
    status: text("status").$type<"pending" | "completed" | "aborted" | "expired">().notNull(),
    libraryId: text("library_id"),
    folderId: text("folder_id"),
    /** Set for a new version of an existing file. */
    fileId: text("file_id"),
    transferId: text("transfer_id"),
    /** The blob of a completed single PUT, before completion turns it into a version. */
    blobSha256: text("blob_sha256"),
    resultFileId: text("result_file_id"),
    resultVersionId: text("result_version_id"),
    /** The transfer entry a completed `transfer_id` upload became. */
    resultTransferFileId: text("result_transfer_file_id"),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [index("uploads_expiry").on(t.status, t.expiresAt), index("uploads_brandspace").on(t.brandspaceId)],
);

export const uploadParts = pgTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    etag: text("etag").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.number] })],
);

/** Files on boards; board properties' values apply through this membership. */
export const boardFiles = pgTable(
  "board_files",
  {
    boardId: text("board_id")
      .notNull()
      .references(() => boards.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    addedById: text("added_by_id").notNull(),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.fileId] }), index("board_files_file").on(t.fileId)],
);

/**
 * The distinct words of a brandspace's `files.search_tokens` (split at spaces and punctuation, 3 characters or
 * more, not only digits, lower-case; a run of over 64 as overlapping pieces of 64), kept by the same triggers.
 * A keyword is looked up here as the words containing it (then the files holding one of them) and as its
 * one-typo neighbours. Words no file uses any more stay: they only match nothing.
 */
export const searchWords = pgTable(
  "search_words",
  {
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandspaceId, t.word] }),
    // The known words containing a keyword (`like '%keyword%'`).
    index("search_words_trgm").using("gin", t.word.op("gin_trgm_ops")),
  ],
);
