import { z } from "zod";
import { Id, NullableTimestamp, PaginationQuery, QueryBoolean, Timestamp } from "./common.ts";
import { FILE_KINDS } from "./files.ts";

export const COMMENT_LIMITS = {
  textLength: 10_000,
  mentions: 50,
  annotations: 20,
  /** Points of one freehand stroke: enough for a long scribble at screen resolution, bounded for storage. */
  pointsPerAnnotation: 2_000,
  /** Timestamps past a day of media are a client bug, not a position in a video. */
  timestampMsMax: 86_400_000,
} as const;

/** `draw`: a freehand stroke through its points; `rectangle`: two opposite corners. */
export const ANNOTATION_TYPES = ["draw", "rectangle"] as const;

export const Person = z.object({ id: Id, name: z.string() }).meta({ id: "Person" });
export type Person = z.infer<typeof Person>;

/** A point on the frame, normalized: 0 is the left or top edge, 1 the right or bottom edge. */
const Coordinate = z.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1");
export const Point = z.strictObject({ x: Coordinate, y: Coordinate });

export const Annotation = z
  .strictObject({
    type: z.enum(ANNOTATION_TYPES),
    coordinates: z
      .array(Point)
      .min(1, "must hold at least one point")
      .max(
        COMMENT_LIMITS.pointsPerAnnotation,
        `must hold at most ${COMMENT_LIMITS.pointsPerAnnotation} points`,
      ),
  })
  .refine((a) => a.type !== "rectangle" || a.coordinates.length === 2, {
    message: "a rectangle has exactly two points: opposite corners",
    path: ["coordinates"],
  })
  .meta({ id: "Annotation" });
export type Annotation = z.infer<typeof Annotation>;

export const Comment = z
  .object({
    object: z.literal("comment"),
    id: Id,
    file_id: Id,
    version_id: Id,
    text: z.string(),
    author: Person.nullable().meta({ description: "`null` for an anonymous visitor of a shared link." }),
    anonymous_name: z.string().nullable(),
    mentions: z.array(Person),
    timestamp_ms: z.number().int().nullable(),
    annotations: z.array(Annotation),
    resolved: z.boolean(),
    resolved_at: NullableTimestamp,
    resolved_by_id: Id.nullable(),
    has_replies: z.boolean(),
    reply_count: z.number().int(),
    created_at: Timestamp,
    updated_at: Timestamp,
    edited_at: NullableTimestamp,
  })
  .meta({ id: "Comment" });
export type Comment = z.infer<typeof Comment>;

export const Reply = z
  .object({
    object: z.literal("reply"),
    id: Id,
    comment_id: Id,
    text: z.string(),
    author: Person.nullable(),
    anonymous_name: z.string().nullable(),
    mentions: z.array(Person),
    created_at: Timestamp,
    updated_at: Timestamp,
    edited_at: NullableTimestamp,
  })
  .meta({ id: "Reply" });
export type Reply = z.infer<typeof Reply>;

/** A comment in the brandspace-wide inbox: the comment and enough of its file to show and open it. */
export const InboxComment = Comment.extend({
  file: z.object({
    id: Id,
    name: z.string(),
    library_id: Id,
    kind: z.enum(FILE_KINDS),
    thumbnail_url: z
      .string()
      .nullable()
      .meta({ description: "The active version's thumbnail (signed), or null." }),
  }),
}).meta({ id: "InboxComment" });
export type InboxComment = z.infer<typeof InboxComment>;

const Text = z
  .string()
  .max(COMMENT_LIMITS.textLength, `must be at most ${COMMENT_LIMITS.textLength} characters`)
  .refine((t) => t.trim().length > 0, "must not be empty");

const Mentions = z
  .array(z.string().min(1).max(255))
  // Duplicates count once; the list itself is bounded too (as a board batch's ids), so that a body cannot repeat
  // one id without end.
  .max(1_000, "must list at most 1000 ids")
  .refine(
    (ids) => new Set(ids).size <= COMMENT_LIMITS.mentions,
    `must name at most ${COMMENT_LIMITS.mentions} people`,
  )
  .meta({ description: "User ids of brandspace members; duplicates count once." });

/** A playhead position a client sends, in ms: one message however far out of range (the bound is checked first). */
export const TimestampMsInput = z
  .number()
  .max(COMMENT_LIMITS.timestampMsMax, {
    error: `must be at most ${COMMENT_LIMITS.timestampMsMax}`,
    abort: true,
  })
  .min(0, "must be 0 or more")
  .int("must be an integer");

export const CreateCommentBody = z.strictObject({
  text: Text,
  version_id: z.string().min(1).max(255).nullable().optional().meta({
    description: "Defaults to the file's active version (as does null).",
  }),
  timestamp_ms: TimestampMsInput.nullable()
    .optional()
    .meta({ description: "Playhead position; video and audio files only." }),
  annotations: z
    .array(Annotation)
    .max(COMMENT_LIMITS.annotations, `must hold at most ${COMMENT_LIMITS.annotations} annotations`)
    .nullable()
    .optional()
    .meta({ description: "None when absent or null." }),
  mentions: Mentions.nullable().optional(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBody>;

export const UpdateCommentBody = z.strictObject({ text: Text, mentions: Mentions.optional() });
export type UpdateCommentBody = z.infer<typeof UpdateCommentBody>;

export const CreateReplyBody = z.strictObject({ text: Text, mentions: Mentions.nullable().optional() });
export type CreateReplyBody = z.infer<typeof CreateReplyBody>;

export const UpdateReplyBody = CreateReplyBody;
export type UpdateReplyBody = z.infer<typeof UpdateReplyBody>;

export const CommentListQuery = PaginationQuery.extend({
  version_id: z.string().min(1).max(255).optional(),
  resolved: QueryBoolean.optional(),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;

/** The inbox: newest first across the files the caller can see. */
export const InboxQuery = PaginationQuery.extend({
  library_id: z.string().min(1).max(255).optional(),
  author_id: z.string().min(1).max(255).optional(),
  mentions: z.enum(["me"]).optional().meta({ description: "`me`: only comments that mention the caller." }),
  resolved: QueryBoolean.optional(),
});
export type InboxQuery = z.infer<typeof InboxQuery>;
