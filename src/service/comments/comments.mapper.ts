import type { Comment, InboxComment, Person, Reply } from "../../contract/comments.ts";
import { renditionUrl, type UrlContext } from "../files/files.mapper.ts";
import type { CommentRow, InboxRow, ReplyRow } from "./comments.repository.ts";

/** Names of the users a comment or reply names (author, mentions); a user since deleted reads as "Former member". */
export type Names = Map<string, string>;

const person = (names: Names, id: string): Person => ({ id, name: names.get(id) ?? "Former member" });
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Every user id a list of comments or replies needs a name for. */
export function peopleIn(rows: { authorId: string | null; mentionIds: string[] }[]): string[] {
  return rows.flatMap((row) => [...(row.authorId ? [row.authorId] : []), ...row.mentionIds]);
}

export function toComment(row: CommentRow, names: Names): Comment {
  return {
    object: "comment",
    id: row.id,
    file_id: row.fileId,
    version_id: row.versionId,
    text: row.text,
    author: row.authorId ? person(names, row.authorId) : null,
    anonymous_name: row.anonymousName,
    mentions: row.mentionIds.map((id) => person(names, id)),
    timestamp_ms: row.timestampMs,
    annotations: row.annotations,
    resolved: row.resolvedAt !== null,
    resolved_at: iso(row.resolvedAt),
    resolved_by_id: row.resolvedById,
    has_replies: row.replyCount > 0,
    reply_count: row.replyCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited_at: iso(row.editedAt),
  };
}

export function toInboxComment(ctx: UrlContext, row: InboxRow, names: Names): InboxComment {
  const file = { id: row.fileId, activeVersionId: row.activeVersionId };
  return {
    ...toComment(row, names),
    file: {
      id: row.fileId,
      name: row.fileName,
      library_id: row.libraryId,
      kind: row.kind,
      thumbnail_url: renditionUrl(ctx, file, row.thumbnailReady === true, "thumbnail"),
    },
  };
}

export function toReply(row: ReplyRow, names: Names): Reply {
  return {
    object: "reply",
    id: row.id,
    comment_id: row.commentId,
    text: row.text,
    author: row.authorId ? person(names, row.authorId) : null,
    anonymous_name: row.anonymousName,
    mentions: row.mentionIds.map((id) => person(names, id)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited_at: iso(row.editedAt),
  };
}

/** Event data, the decisions' snapshot: ids only (the text, author and mentions are the comment's to read). */
export function commentEventData(comment: Pick<Comment, "id" | "file_id">) {
  return { object: "comment", id: comment.id, file_id: comment.file_id };
}

export function replyEventData(reply: Reply, fileId: string) {
  return { object: "reply", id: reply.id, comment_id: reply.comment_id, file_id: fileId };
}
