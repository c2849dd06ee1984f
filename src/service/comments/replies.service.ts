import type { CreateReplyBody, UpdateReplyBody } from "../../contract/comments.ts";
import type { EventType } from "../../contract/events.ts";
import { refuseTrashedFile } from "../files/file-access.ts";
import { requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { checkedMentions } from "./comment-input.ts";
import { peopleIn, replyEventData, toReply } from "./comments.mapper.ts";
import * as repo from "./comments.repository.ts";
import { requireAuthor, requireComment, requireDeleter } from "./comments.service.ts";

type CommentRef = { fileId: string; commentId: string };
type ReplyRef = CommentRef & { replyId: string };

async function presentReply(ctx: ServiceContext, row: repo.ReplyRow) {
  return toReply(row, await repo.namesOf(ctx.db, peopleIn([row])));
}

async function emitReply(ctx: ServiceContext, type: EventType, row: repo.ReplyRow, fileId: string) {
  const reply = await presentReply(ctx, row);
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type,
    actor: actors.user(ctx.auth),
    data: replyEventData(reply, fileId),
  });
  return reply;
}

/** A reply of a comment the caller can see, with the comment's file (for a change's `refuseTrashedFile`). */
async function requireReply(ctx: ServiceContext, { replyId, ...ref }: ReplyRef) {
  const { file, row: comment } = await requireComment(ctx, ref);
  const row = await repo.findReply(ctx.db, comment.id, replyId);
  if (!row) throw notFound("reply");
  return { file, row };
}

export async function listReplies(
  ctx: ServiceContext,
  { fileId, commentId, ...page }: CommentRef & PageRequest,
) {
  const { row: comment } = await requireComment(ctx, { fileId, commentId });
  return paginate(ctx.deps.cursors, page, {
    name: `replies:${comment.id}`,
    fetch: (limit, after: repo.Position | null) => repo.listReplies(ctx.db, comment.id, limit, after),
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    present: async (rows) => {
      const names = await repo.namesOf(ctx.db, peopleIn(rows));
      return rows.map((row) => toReply(row, names));
    },
  });
}

export async function createReply(
  ctx: ServiceContext,
  { body, ...ref }: CommentRef & { body: CreateReplyBody },
) {
  const { file, row: comment } = await requireComment(ctx, ref);
  requirePermission(ctx.auth, "comments.create", "reply to comments");
  refuseTrashedFile(file);
  const row = await repo.insertReply(ctx.db, {
    id: newId("reply"),
    brandspaceId: ctx.auth.brandspace.id,
    commentId: comment.id,
    authorId: ctx.auth.user.id,
    text: body.text,
    mentionIds: await checkedMentions(ctx, body.mentions),
  });
  return emitReply(ctx, "reply.created", row, ref.fileId);
}

export async function updateReply(
  ctx: ServiceContext,
  { changes, ...ref }: ReplyRef & { changes: UpdateReplyBody },
) {
  const { file, row } = await requireReply(ctx, ref);
  requireAuthor(ctx, row, "reply");
  refuseTrashedFile(file);
  const changed = changedFields(row, {
    text: changes.text,
    mentionIds: changes.mentions ? await checkedMentions(ctx, changes.mentions) : undefined,
  });
  if (!changed) return presentReply(ctx, row);
  const updated = await repo.updateReply(ctx.db, row.id, changed, { edited: true });
  return emitReply(ctx, "reply.updated", updated, ref.fileId);
}

export async function deleteReply(ctx: ServiceContext, ref: ReplyRef) {
  const { file, row } = await requireReply(ctx, ref);
  requireDeleter(ctx, row, "reply");
  refuseTrashedFile(file);
  await repo.deleteReply(ctx.db, row);
  await emitReply(ctx, "reply.deleted", row, ref.fileId);
  return { object: "reply" as const, id: row.id, deleted: true as const, permanent: true, trashed_at: null };
}
