import { z } from "zod";
import { Id, NullableTimestamp, PaginationQuery, Timestamp } from "./common.ts";
import { displayName } from "./item-name.ts";
import { FutureDateTime, Password } from "./sharing.ts";

export const TRANSFER_STATUSES = ["awaiting_uploads", "processing", "ready", "expired"] as const;
export const TRANSFER_EXPIRED_REASONS = ["expired", "ended_early", "build_failed"] as const;

export const TRANSFER_LIMITS = {
  defaultDays: 7,
  maxDays: 30,
  nameMax: 255,
  messageMax: 10_000,
  idsPerRequest: 1000,
  /** Entries (files) per transfer. */
  filesMax: 10_000,
} as const;

export const TransferFileEntry = z.object({
  id: Id.meta({ description: "The entry's id inside the transfer (for single-file downloads)." }),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  path: z.string().meta({ description: "Its path in the zip, folders included: `Logos/dark/logo.png`." }),
});

export const TransferFolderEntry = z.object({
  name: z.string(),
  path: z.string().meta({ description: "Its path in the zip: `Logos/dark`." }),
});

const TransferFields = {
  id: Id,
  url: z.string().meta({ description: "The recipient's page; works without a key." }),
  name: z.string(),
  message: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  expired_reason: z.enum(TRANSFER_EXPIRED_REASONS).nullable(),
  size: z.number().int(),
  file_count: z.number().int(),
  folder_count: z.number().int(),
  password_protected: z.boolean(),
  expires_at: Timestamp,
  view_count: z.number().int(),
  download_count: z.number().int(),
  zip_url: z
    .string()
    .nullable()
    .meta({ description: "A fresh signed URL of the zip while `ready`; `null` otherwise." }),
  created_at: Timestamp,
  updated_at: Timestamp,
  ready_at: NullableTimestamp,
  expired_at: NullableTimestamp,
  created_by_id: Id,
  files: z.array(TransferFileEntry),
  folders: z.array(TransferFolderEntry),
};

export const Transfer = z
  .object({ object: z.literal("transfer"), ...TransferFields })
  .meta({ id: "Transfer" });
export type Transfer = z.infer<typeof Transfer>;

const ItemIds = z.array(z.string().min(1).max(100)).max(TRANSFER_LIMITS.idsPerRequest);

const TransferSettings = {
  name: displayName(TRANSFER_LIMITS.nameMax).optional(),
  message: z.string().max(TRANSFER_LIMITS.messageMax).nullable().optional(),
  expires_at: FutureDateTime.optional(),
  password: Password.nullable().optional(),
};

// On creation null is the default, as an absent field is (a transfer's name and expiry cannot be cleared later).
export const CreateTransferBody = z.strictObject({
  ...TransferSettings,
  name: TransferSettings.name.unwrap().nullable().optional(),
  expires_at: FutureDateTime.nullable().optional(),
  file_ids: ItemIds.optional(),
  folder_ids: ItemIds.optional(),
});
export type CreateTransferBody = z.infer<typeof CreateTransferBody>;

export const UpdateTransferBody = z
  .strictObject(TransferSettings)
  .refine((b) => Object.keys(b).length > 0, { message: "send at least one field to change" });
export type UpdateTransferBody = z.infer<typeof UpdateTransferBody>;

export const AddTransferItemsBody = z
  .strictObject({ file_ids: ItemIds.optional(), folder_ids: ItemIds.optional() })
  .refine((b) => (b.file_ids?.length ?? 0) + (b.folder_ids?.length ?? 0) > 0, {
    message: "send file_ids or folder_ids",
  });
export type AddTransferItemsBody = z.infer<typeof AddTransferItemsBody>;

export const TransferListQuery = PaginationQuery.extend({ status: z.enum(TRANSFER_STATUSES).optional() });
export type TransferListQuery = z.infer<typeof TransferListQuery>;

/** What a recipient sees. */
export const PublicTransfer = z
  .object({
    object: z.literal("public_transfer"),
    brandspace_name: z.string(),
    password_required: z.boolean(),
    name: z.string(),
    message: z.string().nullable(),
    status: z.enum(TRANSFER_STATUSES),
    size: z.number().int(),
    file_count: z.number().int(),
    folder_count: z.number().int(),
    expires_at: Timestamp,
    zip_url: z.string().nullable(),
    files: z.array(TransferFileEntry).meta({ description: "Empty while a password is required." }),
    folders: z.array(TransferFolderEntry),
  })
  .meta({ id: "PublicTransfer" });

export const TransferFile = z
  .object({ object: z.literal("transfer_file"), transfer_id: Id, ...TransferFileEntry.shape })
  .meta({ id: "TransferFile" });
