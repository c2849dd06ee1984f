import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns.ts";
import { brandspaces } from "./tenancy.ts";

/**
 * Shared links: a public, unguessable `token` opens one file, folder, board or library for visitors without a key.
 * A revoked link keeps its row (`revoked_at`) so its token is never handed out again and stays 404.
 */
export const sharedLinks = pgTable(
  "shared_links",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    targetType: text("target_type").$type<"file" | "folder" | "board" | "library">().notNull(),
    targetId: text("target_id").notNull(),
    access: text("access").$type<"view" | "comment" | "download">().notNull(),
    passwordHash: text("password_hash"),
    expiresAt: ts("expires_at"),
    anonymousComments: boolean("anonymous_comments").notNull().default(false),
    showVersions: boolean("show_versions").notNull().default(false),
    showProperties: boolean("show_properties").notNull().default(false),
    displayMode: text("display_mode").$type<"grid" | "list">().notNull().default("grid"),
    boardViews: jsonb("board_views").$type<{ default: string; allowed: string[] }>().notNull(),
    viewCount: integer("view_count").notNull().default(0),
    createdById: text("created_by_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    uniqueIndex("shared_links_token").on(t.token),
    index("shared_links_brandspace").on(t.brandspaceId, t.createdAt, t.id),
    index("shared_links_target").on(t.targetType, t.targetId),
  ],
);

/**
 * Transfers: an expiring public package. Its content is a snapshot taken when items are added (files keep the blob
 * they had then), so the zip and the listing never change under a recipient.
 */
export const transfers = pgTable(
  "transfers",
  {
    id: text("id").primaryKey(),
    brandspaceId: text("brandspace_id")
      .notNull()
      .references(() => brandspaces.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    name: text("name").notNull(),
    message: text("message"),
    status: text("status").$type<"awaiting_uploads" | "processing" | "ready" | "expired">().notNull(),
    expiredReason: text("expired_reason").$type<"expired" | "ended_early" | "build_failed">(),
    passwordHash: text("password_hash"),
    expiresAt: ts("expires_at").notNull(),
    viewCount: integer("view_count").notNull().default(0),
    downloadCount: integer("download_count").notNull().default(0),
    zipSha256: text("zip_sha256"),
    zipSize: bigint("zip_size", { mode: "number" }),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    fileCount: integer("file_count").notNull().default(0),
    folderCount: integer("folder_count").notNull().default(0),
    createdById: text("created_by_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readyAt: ts("ready_at"),
    expiredAt: ts("expired_at"),
    /** Set once nightly cleanup has sent the second `transfer.expired` of a transfer ended early. */
    cleanedAt: ts("cleaned_at"),
  },
  (t) => [
    uniqueIndex("transfers_token").on(t.token),
    index("transfers_brandspace").on(t.brandspaceId, t.createdAt, t.id),
    index("transfers_expiry").on(t.status, t.expiresAt),
  ],
);

/** A transfer's files: `path` is the folder path inside the transfer ("" at its top), `name` unique within it. */
export const transferFiles = pgTable(
  "transfer_files",
  {
    transferId: text("transfer_id")
      .notNull()
      .references(() => transfers.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    path: text("path").notNull(),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    mime: text("mime").notNull(),
    blobSha256: text("blob_sha256").notNull(),
    sourceFileId: text("source_file_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.transferId, t.id] }),
    uniqueIndex("transfer_files_entry").on(t.transferId, t.path, t.name),
    index("transfer_files_blob").on(t.blobSha256),
  ],
);

export const transferFolders = pgTable(
  "transfer_folders",
  {
    transferId: text("transfer_id")
      .notNull()
      .references(() => transfers.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.path, t.name] })],
);
