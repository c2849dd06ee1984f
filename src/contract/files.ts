import { z } from "zod";
import {
  DateOrDayInput,
  Id,
  IdRef,
  NullableTimestamp,
  PaginationQuery,
  QueryBoolean,
  queryNumber,
  Timestamp,
} from "./common.ts";
import { ItemName } from "./item-name.ts";

export const FILE_KINDS = [
  "image",
  "video",
  "audio",
  "document",
  "page",
  "archive",
  "font",
  "other",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_STATUSES = ["processing", "ready", "failed"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const PROPERTY_TYPES = ["status", "person", "date", "checkbox", "text", "multi_tag", "tag"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

const OptionRef = z.object({ option_id: Id });

/** One property value; every type's key is present, null unless it is this value's type. */
export const PropertyValue = z
  .object({
    object: z.literal("property_value"),
    property_id: Id,
    type: z.enum(PROPERTY_TYPES),
    status: OptionRef.nullable(),
    person: z.object({ user_id: Id }).nullable(),
    date: z.object({ start: Timestamp }).nullable(),
    checkbox: z.boolean().nullable(),
    text: z.string().nullable(),
    multi_tag: z.array(OptionRef).nullable(),
    tag: z.array(OptionRef).nullable(),
  })
  .meta({ id: "PropertyValue" });
export type PropertyValue = z.infer<typeof PropertyValue>;

export const VersionSummary = z.object({
  count: z.number().int(),
  active_number: z.number().int(),
  active_id: Id.nullable().meta({ description: "`null` for a page, which has no versions." }),
});

/** The base fields of a file: what listings carry. */
export const FileBase = z
  .object({
    object: z.literal("file"),
    id: Id,
    kind: z.enum(FILE_KINDS),
    name: z.string(),
    extension: z.string(),
    mime: z.string(),
    size: z.number().int(),
    status: z.enum(FILE_STATUSES),
    library_id: Id,
    folder_id: Id.nullable(),
    external_url: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    resolution: z.string().nullable().meta({ description: "`<width>x<height>`" }),
    created_at: Timestamp,
    created_by_id: Id,
    trashed_at: NullableTimestamp,
    thumbnail_url: z.string().nullable(),
    version: VersionSummary,
  })
  .meta({ id: "FileBase" });
export type FileBase = z.infer<typeof FileBase>;

export const Renditions = z.object({
  thumbnail_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  frames_url: z.string().nullable(),
  scrub_url: z.string().nullable(),
});

/** Base plus extended fields: what retrieve, update, move and copy answer. */
export const File = FileBase.extend({
  updated_at: Timestamp,
  tags: z.array(z.string()),
  published: z.boolean(),
  renditions: Renditions,
  properties: z.array(PropertyValue),
}).meta({ id: "File" });
export type File = z.infer<typeof File>;

/** An item of `GET /v1/files`: the base fields, and what `include` asked for. */
export const ListedFile = FileBase.extend({
  properties: z
    .array(PropertyValue)
    .optional()
    .meta({ description: "With `include=properties` only: the file's brandspace property values." }),
}).meta({ id: "ListedFile" });
export type ListedFile = z.infer<typeof ListedFile>;

export const Version = z
  .object({
    object: z.literal("version"),
    id: Id,
    file_id: Id,
    version_number: z.number().int(),
    size: z.number().int(),
    mime: z.string(),
    extension: z.string(),
    status: z.enum(FILE_STATUSES),
    duration_ms: z.number().int().nullable(),
    resolution: z.string().nullable(),
    created_at: Timestamp,
    created_by_id: Id,
    is_active: z.boolean(),
  })
  .meta({ id: "Version" });
export type Version = z.infer<typeof Version>;

const Tag = z.string().trim().min(1).max(100);

/** A tag in use (`GET /v1/tags`, our extension): its text and how many of the files the creator can see carry it. */
export const TagInUse = z
  .object({
    object: z.literal("tag"),
    name: z.string(),
    file_count: z.number().int(),
  })
  .meta({ id: "Tag" });
export type TagInUse = z.infer<typeof TagInUse>;

export const ListTagsQuery = PaginationQuery.extend({
  q: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .optional()
    .meta({ description: "Keeps the tags whose text, or one of its words, starts with this (any case)." }),
  library_id: IdRef.optional().meta({
    description: "Counts the files of this library only (404 when the creator cannot see it).",
  }),
});
export type ListTagsQuery = z.infer<typeof ListTagsQuery>;

/**
 * Renaming a tag on every file the creator can edit (`POST /v1/tags/rename`, our extension): `to` replaces `from`
 * where it stands; a file that already has `to` keeps it once (a merge). `library_id` keeps it to one library.
 */
export const RenameTagBody = z
  .strictObject({
    from: Tag,
    to: Tag,
    library_id: IdRef.optional(),
  })
  .refine((b) => b.from !== b.to, { message: "to must differ from from", path: ["to"] });
export type RenameTagBody = z.infer<typeof RenameTagBody>;

/** Taking a tag off every file the creator can edit (`POST /v1/tags/remove`, our extension). */
export const RemoveTagBody = z.strictObject({
  tag: Tag,
  library_id: IdRef.optional(),
});
export type RemoveTagBody = z.infer<typeof RemoveTagBody>;

/** What a tag rename or removal changed: the files it was on, each of which got its `file.updated` event. */
export const TagChange = z
  .object({
    object: z.literal("tag_change"),
    from: z.string(),
    to: z.string().nullable().meta({ description: "`null` when the tag was removed." }),
    file_count: z.number().int().meta({ description: "Files changed." }),
  })
  .meta({ id: "TagChange" });
export type TagChange = z.infer<typeof TagChange>;

export const UpdateFileBody = z
  .strictObject({
    name: ItemName.optional(),
    tags: z.array(Tag).max(100).optional(),
    published: z.boolean().optional(),
  })
  .refine((b) => b.name !== undefined || b.tags !== undefined || b.published !== undefined, {
    message: "send name, tags or published",
  });

/** Move and copy: exactly one destination. */
export const FileDestinationBody = z
  .strictObject({
    library_id: IdRef.optional(),
    folder_id: IdRef.optional(),
    to_root: z.literal(true).optional(),
  })
  .refine((b) => [b.library_id, b.folder_id, b.to_root].filter((v) => v !== undefined).length === 1, {
    message: "send exactly one of library_id, folder_id, to_root",
  });

export const SetPropertyValueBody = z.strictObject({ value: z.unknown() });

/**
 * Comma-separated values. An empty value, or an empty item (`a,,b`, `a,`), names nothing: it is refused rather
 * than read as "no filter", which would answer with every file.
 */
const REPEATED_LIST_HINT = "its values comma-separated (a,b)";

const CommaList = z
  .string({
    error: (issue) =>
      Array.isArray(issue.input) ? `is repeated: send it once, ${REPEATED_LIST_HINT}` : undefined,
  })
  .refine((s) => s.split(",").every((v) => v.trim() !== ""), {
    message: "must not be empty, nor hold an empty item",
  })
  .transform((s) => s.split(",").map((v) => v.trim()));

export const FILE_SORTS = ["name", "size", "created_at"] as const;

/** A string of at most `max` characters, counted as code points (an emoji is one), as the limits are written. */
function maxCharacters(max: number) {
  return (
    z
      .string()
      // A code point is at most two UTF-16 units: the length alone settles most texts without spreading them.
      .refine((text) => text.length <= max || (text.length <= 2 * max && [...text].length <= max), {
        message: `must be at most ${max} characters`,
      })
      .meta({ maxLength: max })
  ); // JSON Schema counts code points too
}

const ByteBound = z
  .number()
  .min(0, "must be 0 or more")
  .max(Number.MAX_SAFE_INTEGER, "must be at most 9007199254740991");

export const FileListQuery = PaginationQuery.extend({
  library_id: IdRef.optional(),
  folder_id: IdRef.optional(),
  recursive: QueryBoolean.optional(),
  q: maxCharacters(500).optional(),
  extensions: CommaList.optional(),
  kind: CommaList.pipe(z.array(z.enum(FILE_KINDS))).optional(),
  created_after: DateOrDayInput.optional(),
  created_before: DateOrDayInput.optional(),
  uploaded_by: CommaList.optional(),
  // A number of bytes, as the specification types it; a fraction bounds the whole sizes on its side of it.
  min_size: queryNumber(ByteBound).optional(),
  max_size: queryNumber(ByteBound).optional(),
  filter: maxCharacters(4096).optional(),
  sort: z.enum(FILE_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  trashed: QueryBoolean.optional(),
});
export type FileListQuery = z.infer<typeof FileListQuery>;

/** What `include` may add to each item of the file list beyond the base fields. */
export const FILE_LIST_INCLUDES = ["properties"] as const;

/** `GET /v1/files`: the parameters a board's file list shares, and `include`. */
export const ListFilesQuery = FileListQuery.extend({
  include: CommaList.pipe(z.array(z.enum(FILE_LIST_INCLUDES))).optional(),
});
export type ListFilesQuery = z.infer<typeof ListFilesQuery>;

export const DeleteQuery = z.strictObject({ permanent: QueryBoolean.optional() });

export const DownloadQuery = z.strictObject({
  version_id: IdRef.optional(),
  rendition: z.enum(["original", "preview", "thumbnail"]).optional(),
});

export const DownloadUrl = z
  .object({
    object: z.literal("download_url"),
    url: z.string(),
    expires_at: Timestamp,
    file_id: Id,
    version_id: Id,
    name: z.string(),
    size: z.number().int(),
    mime: z.string(),
  })
  .meta({ id: "DownloadUrl" });

export const SimilarFile = FileBase.extend({ similarity: z.number().min(0).max(1) });

/** With `q`: how the query was read, so that a client can show it (the file list and a board's file list). */
export const SearchSummary = z
  .object({
    query: z.string(),
    interpreted: z.object({
      text: z.string(),
      kinds: z.array(z.string()),
      extensions: z.array(z.string()),
      created_after: z.string().nullable(),
      created_before: z.string().nullable(),
      min_size: z.number().int().nullable(),
      max_size: z.number().int().nullable(),
      colors: z.array(z.string()),
      uploaded_by: z.array(z.string()),
    }),
  })
  .meta({ id: "SearchSummary" });
