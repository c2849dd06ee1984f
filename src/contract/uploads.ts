import { z } from "zod";
import { Id, IdRef, NullableTimestamp, OVER_LIMIT, Timestamp } from "./common.ts";
import { ItemName } from "./item-name.ts";

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;
/** Limits of the decisions document. */
export const UPLOAD_LIMITS = {
  singleMax: 100 * MiB,
  partMin: 8 * MiB,
  partMax: 64 * MiB,
  partsMax: 10_000,
  fileMax: 50 * GiB,
} as const;

export const UPLOAD_STATUSES = ["pending", "completed", "aborted", "expired"] as const;

export const Upload = z
  .object({
    object: z.literal("upload"),
    id: Id,
    status: z.enum(UPLOAD_STATUSES),
    method: z.enum(["single", "multipart"]),
    upload_url: z.string().nullable().meta({ description: "Single PUT target; null for multipart." }),
    part_size: z.number().int(),
    parts: z.array(z.object({ number: z.number().int(), url: z.string() })),
    received_parts: z.array(z.object({ number: z.number().int(), size: z.number().int(), etag: z.string() })),
    expires_at: Timestamp,
    name: z.string(),
    size: z.number().int(),
    file_id: Id.nullable(),
    library_id: Id.nullable(),
    folder_id: Id.nullable(),
    created_at: Timestamp,
    completed_at: NullableTimestamp,
  })
  .meta({ id: "Upload" });
export type Upload = z.infer<typeof Upload>;

export const CreateUploadBody = z.strictObject({
  name: ItemName,
  size: z
    .number()
    .int()
    .min(0)
    .refine((size) => size <= UPLOAD_LIMITS.fileMax, {
      message: "must be at most 50 GiB",
      params: OVER_LIMIT,
    })
    .meta({ maximum: UPLOAD_LIMITS.fileMax }),
  mime: z.string().max(255).optional(),
  library_id: IdRef.optional(),
  folder_id: IdRef.optional(),
  file_id: IdRef.optional(),
  transfer_id: IdRef.optional(),
});

export const CompleteUploadBody = z
  .strictObject({
    parts: z
      .array(
        z.strictObject({ number: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(255) }),
      )
      .max(10_000)
      .optional()
      .meta({
        description:
          "Optional; when sent, every part of the upload once (a single upload's one part is number 1), each with the etag its PUT answered.",
      }),
  })
  .optional();

export const UploadPart = z
  .object({
    object: z.literal("upload_part"),
    number: z.number().int(),
    etag: z.string(),
    size: z.number().int(),
  })
  .meta({ id: "UploadPart" });
