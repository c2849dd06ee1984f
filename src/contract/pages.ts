import { z } from "zod";
import { Id, IdRef, NullableTimestamp, PaginationQuery, QueryBoolean, Timestamp } from "./common.ts";
import { FILE_KINDS } from "./files.ts";
import { ItemName } from "./item-name.ts";

export const PAGE_LIMITS = {
  blocks: 500,
  headingText: 500,
  runs: 200,
  runText: 10_000,
  alt: 500,
  caption: 1_000,
  gridFiles: 100,
  boardFilesShown: 48,
} as const;

export const PAGE_MIME = "application/vnd.brandspace.page+json";

const BlockId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, _ or -")
  .meta({ description: "Chosen by the client; unique within the page." });

const SafeHref = z
  .string()
  .max(2048)
  .refine((href) => URL.canParse(href) && ["http:", "https:", "mailto:"].includes(new URL(href).protocol), {
    message: "must be an http, https or mailto URL",
  });

export const TextRun = z.strictObject({
  text: z.string().max(PAGE_LIMITS.runText),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  code: z.boolean().optional(),
  link: SafeHref.optional(),
});

export const PageBlock = z
  .discriminatedUnion("type", [
    z.strictObject({
      id: BlockId,
      type: z.literal("heading"),
      level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      text: z.string().max(PAGE_LIMITS.headingText),
    }),
    z.strictObject({
      id: BlockId,
      type: z.literal("paragraph"),
      runs: z.array(TextRun).max(PAGE_LIMITS.runs),
    }),
    z.strictObject({
      id: BlockId,
      type: z.literal("image"),
      file_id: z.string().min(1).max(100),
      alt: z.string().max(PAGE_LIMITS.alt).optional(),
      caption: z.string().max(PAGE_LIMITS.caption).optional(),
    }),
    z.strictObject({
      id: BlockId,
      type: z.literal("file_grid"),
      file_ids: z.array(z.string().min(1).max(100)).max(PAGE_LIMITS.gridFiles),
      columns: z.number().int().min(2).max(6).optional(),
    }),
    z.strictObject({
      id: BlockId,
      type: z.literal("board_embed"),
      board_id: z.string().min(1).max(100),
      view: z.enum(["gallery", "list"]).optional(),
    }),
    z.strictObject({ id: BlockId, type: z.literal("divider") }),
  ])
  .meta({ id: "PageBlock" });
export type PageBlock = z.infer<typeof PageBlock>;

export const PageContent = z
  .strictObject({
    version: z.literal(1),
    blocks: z.array(PageBlock).max(PAGE_LIMITS.blocks),
  })
  .refine((content) => new Set(content.blocks.map((b) => b.id)).size === content.blocks.length, {
    message: "block ids must be unique",
  })
  .meta({ id: "PageContent" });
export type PageContent = z.infer<typeof PageContent>;
export const EMPTY_PAGE: PageContent = { version: 1, blocks: [] };

/** A file a page refers to, as the reader may see it; an unavailable one says nothing but its id. */
export const PageFileRef = z.discriminatedUnion("available", [
  z.object({
    available: z.literal(true),
    id: Id,
    name: z.string(),
    kind: z.enum(FILE_KINDS),
    resolution: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
    preview_url: z.string().nullable(),
  }),
  z.object({ available: z.literal(false), id: Id }),
]);

export const PageBoardRef = z.discriminatedUnion("available", [
  z.object({
    available: z.literal(true),
    id: Id,
    name: z.string(),
    files: z.array(
      z.object({ id: Id, name: z.string(), kind: z.enum(FILE_KINDS), thumbnail_url: z.string().nullable() }),
    ),
    has_more: z.boolean(),
  }),
  z.object({ available: z.literal(false), id: Id }),
]);

export const PageReferences = z
  .object({ files: z.record(z.string(), PageFileRef), boards: z.record(z.string(), PageBoardRef) })
  .meta({
    id: "PageReferences",
    description:
      "What the content's file and board ids show the reader: names and signed URLs, or `available: false` for what the reader cannot see or is gone.",
  });
export type PageReferences = z.infer<typeof PageReferences>;

export const Page = z
  .object({
    object: z.literal("page"),
    id: Id,
    title: z.string(),
    content: PageContent,
    library_id: Id,
    folder_id: Id.nullable(),
    published: z.boolean(),
    published_at: NullableTimestamp,
    published_url: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    created_by_id: Id,
    trashed_at: NullableTimestamp,
    references: PageReferences.nullable().meta({
      description: "On retrieve, create and update; `null` in lists.",
    }),
  })
  .meta({ id: "Page" });
export type Page = z.infer<typeof Page>;

export const CreatePageBody = z.strictObject({
  title: ItemName,
  content: PageContent.optional(),
  library_id: IdRef.optional(),
  folder_id: IdRef.optional(),
});
export type CreatePageBody = z.infer<typeof CreatePageBody>;

export const UpdatePageBody = z
  .strictObject({ title: ItemName.optional(), content: PageContent.optional() })
  .refine((b) => b.title !== undefined || b.content !== undefined, { message: "send title or content" });
export type UpdatePageBody = z.infer<typeof UpdatePageBody>;

export const PageListQuery = PaginationQuery.extend({
  library_id: IdRef.optional(),
  folder_id: IdRef.optional(),
  published: QueryBoolean.optional(),
});
export type PageListQuery = z.infer<typeof PageListQuery>;

export const PublicPage = z
  .object({
    object: z.literal("public_page"),
    brandspace_name: z.string(),
    title: z.string(),
    content: PageContent,
    published_at: Timestamp,
    references: PageReferences,
  })
  .meta({ id: "PublicPage" });
