import { z } from "zod";
import { IdRef, Timestamp } from "./common.ts";

/** Bounds of one zip download request (our extension, beside the spec's single-file download). */
export const ZIP_DOWNLOAD_LIMITS = {
  fileIdsMax: 1000,
  folderIdsMax: 100,
  libraryIdsMax: 10,
} as const;

export const CreateZipDownloadBody = z
  .strictObject({
    file_ids: z
      .array(IdRef)
      .max(ZIP_DOWNLOAD_LIMITS.fileIdsMax)
      .optional()
      .meta({ description: "Files to put at the zip's top (at most 1,000; an id sent twice counts once)." }),
    folder_ids: z.array(IdRef).max(ZIP_DOWNLOAD_LIMITS.folderIdsMax).optional().meta({
      description: "Folders to put in the zip, each under its own name with its whole subtree (at most 100).",
    }),
    library_ids: z.array(IdRef).max(ZIP_DOWNLOAD_LIMITS.libraryIdsMax).optional().meta({
      description:
        "Libraries to put in the zip, each under its own name with all its folders and files (at most 10).",
    }),
  })
  .refine((b) => (b.file_ids?.length ?? 0) + (b.folder_ids?.length ?? 0) + (b.library_ids?.length ?? 0) > 0, {
    message: "send file_ids, folder_ids or library_ids",
  });
export type CreateZipDownloadBody = z.infer<typeof CreateZipDownloadBody>;

/** The `download_url` shape for a zip of a selection: no file or version of its own. */
export const ZipDownloadUrl = z
  .object({
    object: z.literal("download_url"),
    url: z.string().meta({ description: "A signed URL of the zip; works without a key until `expires_at`." }),
    expires_at: Timestamp,
    name: z.string().meta({
      description:
        "The zip's file name: the folder's or library's name and `.zip` when one alone was asked for, else `<N> files.zip`.",
    }),
    mime: z.literal("application/zip"),
    file_count: z.number().int().meta({ description: "Files in the zip (pages are left out)." }),
    size: z.number().int().meta({ description: "The files' bytes in all, before the zip's own headers." }),
  })
  .meta({ id: "ZipDownloadUrl" });
export type ZipDownloadUrl = z.infer<typeof ZipDownloadUrl>;
