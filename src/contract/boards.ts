import { z } from "zod";
import { HexColor, Id, Timestamp } from "./common.ts";
import { FileBase, PropertyValue } from "./files.ts";
import { displayName } from "./item-name.ts";
import { ACCESS_LEVELS } from "./permissions.ts";
import { Property } from "./properties.ts";

export const BOARD_ACCESS = ACCESS_LEVELS;
export type BoardAccess = (typeof BOARD_ACCESS)[number];

export const BOARD_LIMITS = { nameLength: 100, filesPerBatch: 1000, logoUrlLength: 2048 } as const;

export const Board = z
  .object({
    object: z.literal("board"),
    id: Id,
    name: z.string(),
    color: z.string().meta({ description: "Hex colour, e.g. `#1a2b3c`." }),
    emoji: z.string().nullable(),
    logo_url: z.string().nullable(),
    pinned: z.boolean(),
    position: z.number().int(),
    my_access: z.enum(BOARD_ACCESS),
    created_at: Timestamp,
    updated_at: Timestamp,
    created_by_id: Id,
  })
  .meta({ id: "Board" });
export type Board = z.infer<typeof Board>;

/** What update and retrieve answer: the board with its properties in position order. */
export const BoardWithProperties = Board.extend({ properties: z.array(Property) }).meta({
  id: "BoardWithProperties",
});
export type BoardWithProperties = z.infer<typeof BoardWithProperties>;

const Name = displayName(BOARD_LIMITS.nameLength);

/** The longest single emoji in UTF-16 units (a family or a flag sequence with modifiers) is well under this. */
const EMOJI_MAX_LENGTH = 64;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
/** One emoji: a single grapheme that is pictographic or a flag. */
const Emoji = z.string().refine(
  (text) =>
    // Length first: segmenting a megabyte of text allocates an object per grapheme (zod runs every check).
    text.length <= EMOJI_MAX_LENGTH &&
    [...graphemes.segment(text)].length === 1 &&
    /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(text),
  "must be a single emoji",
);
/** A URL that `z.url` already refused passes here: its own error says why. */
function withoutCredentials(text: string) {
  if (!URL.canParse(text)) return true;
  const url = new URL(text);
  return !url.username && !url.password;
}

const LogoUrl = z
  .url({ protocol: /^https$/, error: "must be an https URL" })
  .max(BOARD_LIMITS.logoUrlLength, `must be at most ${BOARD_LIMITS.logoUrlLength} characters`)
  // Shown to everyone who sees the board: a user name or password in it would be too.
  .refine(withoutCredentials, { message: "must not hold a user name or password" });

export const CreateBoardBody = z.strictObject({
  name: Name,
  color: HexColor.optional(),
  emoji: Emoji.nullable().optional(),
  logo_url: LogoUrl.nullable().optional(),
});
export type CreateBoardBody = z.infer<typeof CreateBoardBody>;

/** Only the fields sent change; name, color and emoji apply first, then pinned (the specification's order). */
export const UpdateBoardBody = z
  .strictObject({
    name: Name.optional(),
    color: HexColor.optional(),
    emoji: Emoji.nullable().optional(),
    logo_url: LogoUrl.nullable().optional(),
    pinned: z.boolean().optional(),
    position: z.number().int("must be an integer").min(0, "must be 0 or more").max(1_000_000).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: "send name, color, emoji, logo_url, pinned or position",
  });
export type UpdateBoardBody = z.infer<typeof UpdateBoardBody>;

export const BoardFilesBody = z.strictObject({
  // Any string is an id: one the key cannot serve (empty, too long, unknown) makes the whole batch 404.
  file_ids: z
    .array(z.string())
    .min(1, "must name at least one file")
    .refine((ids) => new Set(ids).size <= BOARD_LIMITS.filesPerBatch, {
      message: `must name at most ${BOARD_LIMITS.filesPerBatch} files (duplicates count once)`,
    }),
});

export const BOARD_FILE_STATUSES = ["added", "already_present", "removed", "not_present"] as const;

export const BoardFilesBatch = z
  .object({
    object: z.literal("board_files_batch"),
    board_id: Id,
    results: z.array(z.object({ file_id: Id, status: z.enum(BOARD_FILE_STATUSES) })),
  })
  .meta({ id: "BoardFilesBatch" });
export type BoardFilesBatch = z.infer<typeof BoardFilesBatch>;

/**
 * What taking files off a board answers: the batch, with the fields every DELETE's acknowledgement carries (`id`
 * names the board; `permanent`: nothing goes to the trash, the files' board values go with them).
 */
export const BoardFilesRemoval = BoardFilesBatch.extend({
  id: Id,
  deleted: z.literal(true),
  permanent: z.literal(true),
  trashed_at: z.null(),
}).meta({ id: "BoardFilesRemoval" });
export type BoardFilesRemoval = z.infer<typeof BoardFilesRemoval>;

/** A file in a board's listing: the base fields and the file's values of the board's properties. */
export const BoardFile = FileBase.extend({
  properties: z.array(PropertyValue).meta({ description: "The file's values of this board's properties." }),
}).meta({ id: "BoardFile" });
export type BoardFile = z.infer<typeof BoardFile>;
