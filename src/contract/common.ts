import { z } from "zod";

/** Id prefixes of the decisions document: `<prefix>_<ULID>`. */
export const ID_PREFIXES = {
  brandspace: "bsp",
  user: "usr",
  role: "rol",
  apiKey: "key",
  library: "lib",
  folder: "fld",
  file: "fil",
  version: "ver",
  upload: "upl",
  import: "imp",
  board: "brd",
  property: "prp",
  option: "opt",
  comment: "cmt",
  reply: "rpl",
  sharedLink: "shl",
  transfer: "trf",
  transferFile: "tfe",
  zipDownload: "zdl",
  webhook: "whk",
  delivery: "dlv",
  event: "evt",
  replay: "rpy",
  request: "req",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ULID = "[0-9A-HJKMNP-TV-Z]{26}";

/** A string id of one kind; path parameters are plain strings so that a wrong id answers 404, not 400. */
export function idOf(kind: IdKind) {
  return z
    .string()
    .regex(new RegExp(`^${ID_PREFIXES[kind]}_${ULID}$`))
    .meta({ description: `${kind} id (\`${ID_PREFIXES[kind]}_<ULID>\`)` });
}

export const Id = z.string();
/** An id a client sends (in a query or a body): an empty one is a mistake to name, not an unknown id. */
export const IdRef = z.string().min(1, "must not be empty").max(255, "must be at most 255 characters");
/** ISO 8601 UTC with milliseconds, e.g. 2026-11-21T09:30:00.000Z. */
export const Timestamp = z.iso.datetime({ offset: false, precision: 3 });
export const NullableTimestamp = Timestamp.nullable();
const EARLIEST_INPUT = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST_INPUT = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * A date-time a client sends: any ISO 8601 date-time with `Z` or an offset, with or without fractions, in the
 * years 1 to 9999 in UTC (what every database and client holds; PostgreSQL has no year 0).
 */
export const DateTimeInput = z.iso
  // A text that is no date-time gets that one message, not the range's (and a caller's checks) after it.
  .datetime({ offset: true, abort: true })
  .refine(
    (text) => {
      const ms = Date.parse(text);
      return ms >= EARLIEST_INPUT && ms <= LATEST_INPUT;
    },
    { message: "must be a date between the years 1 and 9999", abort: true },
  );

const CalendarDay = z.iso.date();
const DateTimeShape = z.iso.datetime({ offset: true });

/** An ISO timestamp in the years 1 to 9999, or a calendar day (`2026-03-01`: its midnight in UTC). */
export function isDateOrDay(value: unknown): boolean {
  if (DateTimeInput.safeParse(value).success) return true;
  return CalendarDay.safeParse(value).success && DateTimeInput.safeParse(`${value}T00:00:00Z`).success;
}

/** A date a client sends: an ISO timestamp, or a calendar day read as its midnight in UTC (`new Date` reads both). */
export const DateOrDayInput = z
  .string()
  .refine((text) => DateTimeShape.safeParse(text).success || CalendarDay.safeParse(text).success, {
    message: "must be an ISO 8601 timestamp or a calendar day (2026-03-01)",
    abort: true,
  })
  .refine(isDateOrDay, "must be a date between the years 1 and 9999");

/** A whole number a client sends where bytes or counts are meant: never past what a double holds exactly. */
export const SafeInteger = z.number().int({
  error: (issue) => (issue.code === "too_big" ? "must be at most 9007199254740991" : "must be an integer"),
});
// `#rrggbb`, or the short `#rgb` CSS also reads; kept as sent.
export const HexColor = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}){1,2}$/, "must be a hex colour such as #1a2b3c or #abc");

/** The largest JSON request body the API parses; a larger one is answered 413 `payload_too_large`. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** The `params` of a check whose failure means "over its limit": answered 413 `payload_too_large`, not 400. */
export const OVER_LIMIT = { code: "payload_too_large" } as const;

export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 50;

/**
 * A number written in a query string: plain decimal digits (with a sign and a fraction), nothing else, read as a
 * number before `schema` sees it. `Number()` alone also reads `0x10`, `1e1`, ` 5` and the empty string (as 0).
 */
export function queryNumber<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: "is repeated: send it once" });
      return z.NEVER;
    }
    if (typeof value !== "string") return value;
    if (/^[-+]?\d+(\.\d+)?$/.test(value)) return Number(value);
    // Said plainly: "must be a number" puzzled a client that sent `1e2` or `0x10`, which are numbers elsewhere.
    ctx.addIssue({ code: "custom", message: "must be a number written in plain digits (such as 50 or 2.5)" });
    return z.NEVER;
  }, schema);
}

/** A list's `limit`: 1 to 100, `byDefault` when absent (the default inside, where the OpenAPI document reads it). */
export const pageLimit = (byDefault = PAGE_LIMIT_DEFAULT) =>
  queryNumber(
    z.coerce
      .number()
      .int("must be an integer")
      .min(1, "must be between 1 and 100")
      .max(PAGE_LIMIT_MAX, "must be between 1 and 100")
      .default(byDefault),
  ).meta({ description: "Page size, 1 to 100." });

/** Query parameters common to every list. */
export const PaginationQuery = z.strictObject({
  limit: pageLimit(),
  cursor: z.string().min(1).max(2048).optional().meta({ description: "Opaque cursor from `next_cursor`." }),
});
export type PaginationQuery = z.infer<typeof PaginationQuery>;

/** The list envelope of every paginated list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    data: z.array(item),
  });
}
export type List<T> = { object: "list"; has_more: boolean; next_cursor: string | null; data: T[] };

/** Query booleans arrive as text: accept true/false/1/0 only. */
export const QueryBoolean = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false (or 1 or 0)" })
  .transform((v) => v === "true" || v === "1");

/** Deletion acknowledgement of every DELETE. */
export function deletionOf<O extends string>(object: O) {
  return z.object({
    object: z.literal(object),
    id: Id,
    deleted: z.literal(true),
    permanent: z.boolean(),
    trashed_at: NullableTimestamp,
  });
}
