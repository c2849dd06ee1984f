import { z } from "zod";
import { Id, IdRef, NullableTimestamp, Timestamp } from "./common.ts";
import { ItemName } from "./item-name.ts";

export const IMPORT_STATUSES = ["queued", "downloading", "processing", "completed", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Why an import failed (`error.code`). */
export const IMPORT_ERRORS = [
  "url_not_allowed",
  "connection_failed",
  "http_error",
  "too_many_redirects",
  "file_too_large",
  "timeout",
  "truncated",
  "empty_file",
  "destination_unavailable",
  "interrupted",
  "internal_error",
] as const;
export type ImportErrorCode = (typeof IMPORT_ERRORS)[number];

export const IMPORT_LIMITS = {
  maxBytes: 5 * 1024 ** 3,
  concurrentPerBrandspace: 2,
  maxRedirects: 5,
  urlMax: 2048,
} as const;

export const ImportRecord = z
  .object({
    object: z.literal("import"),
    id: Id,
    status: z.enum(IMPORT_STATUSES),
    url: z.string(),
    name: z
      .string()
      .nullable()
      .meta({ description: "The name asked for, else the one found once downloading." }),
    library_id: Id,
    folder_id: Id.nullable(),
    file_id: Id.nullable(),
    bytes_received: z.number().int(),
    size: z.number().int().nullable().meta({ description: "From Content-Length when the server sends one." }),
    error: z.object({ code: z.enum(IMPORT_ERRORS), message: z.string() }).nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    completed_at: NullableTimestamp,
  })
  .meta({ id: "Import" });
export type ImportRecord = z.infer<typeof ImportRecord>;

/** A URL with a scheme of http or https, and nothing a browser would hide (credentials). */
export const ImportUrl = z
  .string()
  .max(IMPORT_LIMITS.urlMax)
  .refine((text) => URL.canParse(text), { message: "must be an absolute URL" })
  .refine((text) => !URL.canParse(text) || ["http:", "https:"].includes(new URL(text).protocol), {
    message: "must use http or https",
  })
  .refine((text) => !URL.canParse(text) || (!new URL(text).username && !new URL(text).password), {
    message: "must not carry credentials",
  });

export const CreateImportBody = z.strictObject({
  url: ImportUrl,
  name: ItemName.optional(),
  library_id: IdRef.optional(),
  folder_id: IdRef.optional(),
});
export type CreateImportBody = z.infer<typeof CreateImportBody>;
