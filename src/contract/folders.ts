import { z } from "zod";
import { HexColor, Id, IdRef, NullableTimestamp, Timestamp } from "./common.ts";
import { ItemName } from "./item-name.ts";

export const Folder = z
  .object({
    object: z.literal("folder"),
    id: Id,
    name: z.string(),
    library_id: Id,
    parent_id: Id.nullable(),
    color: HexColor.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    created_by_id: Id,
    trashed_at: NullableTimestamp,
  })
  .meta({ id: "Folder" });
export type Folder = z.infer<typeof Folder>;

export const FolderDetail = Folder.extend({
  path: z.array(z.object({ id: Id, name: z.string() })).meta({
    description: "Ancestors from the library's top level down to the parent.",
  }),
  file_count: z.number().int(),
  folder_count: z.number().int(),
}).meta({ id: "FolderDetail" });
export type FolderDetail = z.infer<typeof FolderDetail>;

export const CreateFolderBody = z.strictObject({
  name: ItemName,
  library_id: IdRef,
  parent_id: IdRef.nullable().optional(),
  color: HexColor.nullable().optional(),
});
export const UpdateFolderBody = z
  .strictObject({ name: ItemName.optional(), color: HexColor.nullable().optional() })
  .refine((b) => b.name !== undefined || b.color !== undefined, { message: "send name or color" });
export const MoveFolderBody = z
  .strictObject({ library_id: IdRef.optional(), folder_id: IdRef.optional() })
  .refine((b) => (b.library_id === undefined) !== (b.folder_id === undefined), {
    message: "send exactly one of library_id, folder_id",
  });
