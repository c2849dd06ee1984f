import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const EVENT_GROUPS = [
  "files",
  "folders_and_libraries",
  "boards_and_properties",
  "comments",
  "pages",
  "sharing_and_members",
  "imports",
  "transfers",
  "platform",
] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

interface CatalogueRow {
  type: string;
  group: EventGroup;
  description: string;
  data_object: string;
}

const row = (type: string, group: EventGroup, data_object: string, description: string): CatalogueRow => ({
  type,
  group,
  description,
  data_object,
});

/** The 58 subscribable event types, in catalogue order. The catalogue only grows. */
export const EVENT_CATALOGUE = [
  row("file.created", "files", "file", "A file was created by upload, import or copy."),
  row("file.updated", "files", "file", "A file's name, tags or published flag changed."),
  row("file.processed", "files", "file", "Processing of a file's active version settled as ready or failed."),
  row("file.moved", "files", "file", "A file moved to another folder or library."),
  row("file.trashed", "files", "file", "A file was moved to the trash."),
  row("file.restored", "files", "file", "A trashed file was restored."),
  row("file.deleted", "files", "file", "A file was deleted permanently."),
  row("file.version.created", "files", "version", "A new version of a file was uploaded."),
  row("file.version.activated", "files", "version", "A version became the active version of its file."),
  row("file.version.deleted", "files", "version", "A version of a file was deleted."),
  row("folder.created", "folders_and_libraries", "folder", "A folder was created."),
  row("folder.updated", "folders_and_libraries", "folder", "A folder was renamed or recoloured."),
  row("folder.moved", "folders_and_libraries", "folder", "A folder moved to another parent or library."),
  row(
    "folder.trashed",
    "folders_and_libraries",
    "folder",
    "A folder and its subtree were moved to the trash.",
  ),
  row(
    "folder.restored",
    "folders_and_libraries",
    "folder",
    "A trashed folder was restored with its subtree.",
  ),
  row(
    "folder.deleted",
    "folders_and_libraries",
    "folder",
    "A folder and its contents were deleted permanently.",
  ),
  row("library.created", "folders_and_libraries", "library", "A library was created."),
  row("library.updated", "folders_and_libraries", "library", "A library's name or description changed."),
  row("library.deleted", "folders_and_libraries", "library", "A library and its contents were deleted."),
  row("board.created", "boards_and_properties", "board", "A board was created."),
  row(
    "board.updated",
    "boards_and_properties",
    "board",
    "A board's name, colour, emoji, pin or position changed.",
  ),
  row("board.deleted", "boards_and_properties", "board", "A board was deleted."),
  row("board.file.added", "boards_and_properties", "board_file", "A file was added to a board."),
  row("board.file.removed", "boards_and_properties", "board_file", "A file was removed from a board."),
  row("board.property.created", "boards_and_properties", "property", "A board property was created."),
  row(
    "board.property.updated",
    "boards_and_properties",
    "property",
    "A board property or its options changed.",
  ),
  row("board.property.deleted", "boards_and_properties", "property", "A board property was deleted."),
  row(
    "board.file.property_updated",
    "boards_and_properties",
    "property_value",
    "A board property value of a file on the board was set or cleared.",
  ),
  row("property.created", "boards_and_properties", "property", "A brandspace property was created."),
  row(
    "property.updated",
    "boards_and_properties",
    "property",
    "A brandspace property or its options changed.",
  ),
  row("property.deleted", "boards_and_properties", "property", "A brandspace property was deleted."),
  row(
    "property.value_updated",
    "boards_and_properties",
    "property_value",
    "A brandspace property value of a file was set or cleared.",
  ),
  row("comment.created", "comments", "comment", "A comment was posted on a file."),
  row("comment.updated", "comments", "comment", "A comment's text was edited."),
  row("comment.resolved", "comments", "comment", "A comment was resolved."),
  row("comment.reopened", "comments", "comment", "A resolved comment was reopened."),
  row("comment.deleted", "comments", "comment", "A comment was deleted."),
  row("reply.created", "comments", "reply", "A reply was posted to a comment."),
  row("reply.updated", "comments", "reply", "A reply's text was edited."),
  row("reply.deleted", "comments", "reply", "A reply was deleted."),
  row("page.created", "pages", "page", "A page was created."),
  row("page.updated", "pages", "page", "A page's content was saved."),
  row("page.published", "pages", "page", "A page was published."),
  row("page.unpublished", "pages", "page", "A page was unpublished."),
  row("page.deleted", "pages", "page", "A page was deleted."),
  row("shared_link.created", "sharing_and_members", "shared_link", "A shared link was created."),
  row("shared_link.updated", "sharing_and_members", "shared_link", "A shared link's settings changed."),
  row("shared_link.deleted", "sharing_and_members", "shared_link", "A shared link was deleted."),
  row("member.added", "sharing_and_members", "member", "A user became a member of the brandspace."),
  row("member.removed", "sharing_and_members", "member", "A member was removed from the brandspace."),
  row("member.role_changed", "sharing_and_members", "member", "A member's role changed."),
  row("import.completed", "imports", "import", "A file import completed; file.created fires too."),
  row("import.failed", "imports", "import", "A file import failed."),
  row("transfer.created", "transfers", "transfer", "A transfer was created."),
  row("transfer.ready", "transfers", "transfer", "A transfer's zip is built and its zip_url resolves."),
  row("transfer.downloaded", "transfers", "transfer", "A transfer was downloaded by a recipient."),
  row("transfer.expired", "transfers", "transfer", "A transfer stopped being available."),
  row("webhook.test", "platform", "webhook", "A test event sent by the endpoint test operation."),
] as const satisfies readonly CatalogueRow[];

export type EventType = (typeof EVENT_CATALOGUE)[number]["type"];
export const EVENT_TYPES = EVENT_CATALOGUE.map((r) => r.type) as [EventType, ...EventType[]];
export const EventTypeSchema = z.enum(EVENT_TYPES);

export const EventTypeRow = z
  .object({
    object: z.literal("event_type"),
    type: EventTypeSchema,
    group: z.enum(EVENT_GROUPS),
    description: z.string(),
    data_object: z.string(),
  })
  .meta({ id: "EventType" });

export const ACTOR_TYPES = ["user", "api_key", "system", "anonymous"] as const;
export const Actor = z.object({ type: z.enum(ACTOR_TYPES), id: z.string().nullable() });
export type Actor = z.infer<typeof Actor>;

/** Body of every webhook delivery. */
export const EventEnvelope = z
  .object({
    id: Id,
    object: z.literal("event"),
    type: EventTypeSchema,
    occurred_at: Timestamp,
    brandspace_id: Id,
    actor: Actor,
    data: z.record(z.string(), z.unknown()),
    attempt: z.number().int().min(1).max(6),
  })
  .meta({ id: "Event" });
export type EventEnvelope = z.infer<typeof EventEnvelope>;
