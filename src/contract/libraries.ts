import { z } from "zod";
import { Id, Timestamp } from "./common.ts";
import { displayName } from "./item-name.ts";

export const Library = z
  .object({
    object: z.literal("library"),
    id: Id,
    name: z.string(),
    description: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    created_by_id: Id,
  })
  .meta({ id: "Library" });
export type Library = z.infer<typeof Library>;

export const LibraryDetail = Library.extend({
  file_count: z.number().int(),
  folder_count: z.number().int(),
  size: z.number().int().meta({ description: "Bytes of the active versions of the library's files." }),
}).meta({ id: "LibraryDetail" });
export type LibraryDetail = z.infer<typeof LibraryDetail>;

const LibraryName = displayName(255);
/** `null` (or leaving it out at creation) means no description. */
const LibraryDescription = z.string().max(2000, "must be at most 2000 characters").nullable();

export const CreateLibraryBody = z.strictObject({
  name: LibraryName,
  description: LibraryDescription.optional(),
});
export const UpdateLibraryBody = z
  .strictObject({ name: LibraryName.optional(), description: LibraryDescription.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: "send name or description",
  });
