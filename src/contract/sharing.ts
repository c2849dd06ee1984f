import { z } from "zod";
import { Comment, Reply, TimestampMsInput } from "./comments.ts";
import { DateTimeInput, Id, IdRef, NullableTimestamp, PaginationQuery, Timestamp } from "./common.ts";
import { FILE_KINDS, PROPERTY_TYPES } from "./files.ts";
import { displayName } from "./item-name.ts";

export const SHARED_TARGET_TYPES = ["file", "folder", "board", "library"] as const;
export const SHARE_ACCESS = ["view", "comment", "download"] as const;
export type ShareAccess = (typeof SHARE_ACCESS)[number];
export const DISPLAY_MODES = ["grid", "list"] as const;
export const BOARD_VIEWS = ["gallery", "list"] as const;

export const SHARING_LIMITS = {
  passwordMin: 1,
  passwordMax: 128,
  anonymousNameMax: 100,
  /** Files a share's "download all" zip may hold: past it, visitors download files one by one. */
  zipFilesMax: 10_000,
} as const;

export const SharedTarget = z
  .strictObject({ type: z.enum(SHARED_TARGET_TYPES), id: z.string().min(1).max(100) })
  .meta({ id: "SharedLinkTarget" });

export const BoardViews = z
  .strictObject({
    default: z.enum(BOARD_VIEWS),
    allowed: z.array(z.enum(BOARD_VIEWS)).min(1).max(BOARD_VIEWS.length),
  })
  .refine((v) => new Set(v.allowed).size === v.allowed.length, { message: "allowed views must be unique" })
  .refine((v) => v.allowed.includes(v.default), { message: "default must be one of the allowed views" })
  .meta({ id: "BoardViews" });
export type BoardViews = z.infer<typeof BoardViews>;
export const DEFAULT_BOARD_VIEWS: BoardViews = { default: "gallery", allowed: ["gallery", "list"] };

export const SharedLink = z
  .object({
    object: z.literal("shared_link"),
    id: Id,
    url: z.string().meta({ description: "The visitor page; works without a key." }),
    target: z.object({ type: z.enum(SHARED_TARGET_TYPES), id: Id }),
    target_name: z
      .string()
      .nullable()
      .meta({ description: "The shared item's current name; `null` when it no longer exists." }),
    access: z.enum(SHARE_ACCESS),
    password_protected: z.boolean(),
    expires_at: NullableTimestamp,
    expired: z.boolean(),
    anonymous_comments: z.boolean(),
    show_versions: z.boolean(),
    show_properties: z.boolean(),
    display_mode: z.enum(DISPLAY_MODES),
    board_views: z.object({ default: z.enum(BOARD_VIEWS), allowed: z.array(z.enum(BOARD_VIEWS)) }),
    view_count: z.number().int(),
    created_at: Timestamp,
    updated_at: Timestamp,
    created_by_id: Id,
  })
  .meta({ id: "SharedLink" });
export type SharedLink = z.infer<typeof SharedLink>;

export const Password = z
  .string()
  .min(SHARING_LIMITS.passwordMin, "must not be empty (send null for no password)")
  .max(SHARING_LIMITS.passwordMax)
  .refine((p) => !p.includes("\0"), { message: "must not contain NUL characters" });

/** A future instant: an expiry in the past is a mistake, not a way to create a dead link. */
export const FutureDateTime = DateTimeInput.refine((text) => Date.parse(text) > Date.now(), {
  message: "must be in the future",
});

const ShareSettings = {
  access: z.enum(SHARE_ACCESS).optional(),
  password: Password.nullable().optional(),
  expires_at: FutureDateTime.nullable().optional(),
  anonymous_comments: z.boolean().optional(),
  show_versions: z.boolean().optional(),
  show_properties: z.boolean().optional(),
  display_mode: z.enum(DISPLAY_MODES).optional(),
  board_views: BoardViews.optional(),
};

export const CreateSharedLinkBody = z.strictObject({ target: SharedTarget, ...ShareSettings });
export type CreateSharedLinkBody = z.infer<typeof CreateSharedLinkBody>;

export const UpdateSharedLinkBody = z
  .strictObject(ShareSettings)
  .refine((b) => Object.keys(b).length > 0, { message: "send at least one field to change" });
export type UpdateSharedLinkBody = z.infer<typeof UpdateSharedLinkBody>;

export const SharedLinkListQuery = PaginationQuery.extend({
  // File links are not in this list (the specification): asking for them here would always answer nothing.
  target_type: z
    .enum(SHARED_TARGET_TYPES)
    .refine((type) => type !== "file", "file links are listed per file: GET /v1/files/{fileId}/shared-links")
    .optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// The public side: what a visitor without a key sees

export const PublicShare = z
  .object({
    object: z.literal("public_shared_link"),
    brandspace_name: z.string(),
    target: z.object({ type: z.enum(SHARED_TARGET_TYPES), name: z.string().nullable() }),
    access: z.enum(SHARE_ACCESS),
    password_required: z
      .boolean()
      .meta({ description: "True while the request carries no valid access token for this link." }),
    expires_at: NullableTimestamp,
    anonymous_comments: z.boolean(),
    show_versions: z.boolean(),
    show_properties: z.boolean(),
    display_mode: z.enum(DISPLAY_MODES),
    board_views: z.object({ default: z.enum(BOARD_VIEWS), allowed: z.array(z.enum(BOARD_VIEWS)) }),
    root_folder_id: Id.nullable().meta({ description: "The shared folder (folder links); null otherwise." }),
    file_id: Id.nullable().meta({ description: "The shared file (file links); null otherwise." }),
  })
  .meta({ id: "PublicSharedLink" });

export const UnlockBody = z.strictObject({ password: z.string().min(1).max(SHARING_LIMITS.passwordMax) });

export const AccessToken = z
  .object({
    object: z.literal("access_token"),
    token: z.string().meta({
      description: "Send it as the `X-Access-Token` header on the other public calls of this item.",
    }),
    expires_at: Timestamp,
  })
  .meta({ id: "AccessToken" });

export const PublicVersion = z.object({
  object: z.literal("public_version"),
  id: Id,
  version_number: z.number().int(),
  size: z.number().int(),
  mime: z.string(),
  created_at: Timestamp,
  is_active: z.boolean(),
  thumbnail_url: z.string().nullable(),
  preview_url: z.string().nullable(),
});

export const PublicFile = z
  .object({
    object: z.literal("public_file"),
    id: Id,
    name: z.string(),
    kind: z.enum(FILE_KINDS),
    extension: z.string(),
    mime: z.string(),
    size: z.number().int(),
    duration_ms: z.number().int().nullable(),
    resolution: z.string().nullable(),
    folder_id: Id.nullable(),
    created_at: Timestamp,
    thumbnail_url: z.string().nullable(),
    preview_url: z.string().nullable(),
    scrub_url: z.string().nullable(),
    version_number: z.number().int(),
    versions: z
      .array(PublicVersion)
      .nullable()
      .meta({ description: "Only on retrieve, and only when the link shows versions." }),
    properties: z
      .array(z.object({ name: z.string(), type: z.enum(PROPERTY_TYPES), text: z.string() }))
      .nullable()
      .meta({ description: "Only on retrieve, and only when the link shows properties." }),
  })
  .meta({ id: "PublicFile" });
export type PublicFile = z.infer<typeof PublicFile>;

export const PublicFolder = z
  .object({ object: z.literal("public_folder"), id: Id, name: z.string(), parent_id: Id.nullable() })
  .meta({ id: "PublicFolder" });

export const PublicFileListQuery = PaginationQuery.extend({ folder_id: IdRef.optional() });
export const PublicFolderListQuery = PublicFileListQuery;

export const PublicDownloadQuery = z.strictObject({ version_id: IdRef.optional() });

/** The `download_url` shape for a share's zip: no file or version of its own, and a size known only once streamed. */
export const ShareZipUrl = z
  .object({
    object: z.literal("download_url"),
    url: z.string(),
    expires_at: Timestamp,
    name: z.string().meta({ description: "The zip's file name: the shared target's name and `.zip`." }),
    mime: z.literal("application/zip"),
    file_count: z.number().int().meta({ description: "Files in the zip when the URL was issued." }),
  })
  .meta({ id: "ShareZipUrl" });

export const PublicComment = Comment;
export const PublicReply = Reply;

export const AnonymousCommentBody = z.strictObject({
  anonymous_name: displayName(SHARING_LIMITS.anonymousNameMax),
  text: z.string().trim().min(1).max(10_000),
  timestamp_ms: TimestampMsInput.nullable().optional(),
});
