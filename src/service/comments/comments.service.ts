import type {
  CommentListQuery,
  CreateCommentBody,
  InboxQuery,
  UpdateCommentBody,
} from "../../contract/comments.ts";
import type { EventType } from "../../contract/events.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { refuseTrashedFile, requireFile } from "../files/file-access.ts";
import { hasPermission, requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext, SystemContext } from "../platform/context.ts";
import { forbidden, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { checkedMentions, checkedTimestamp, commentedVersion, requireVersionOf } from "./comment-input.ts";
import { commentEventData, peopleIn, toComment, toInboxComment } from "./comments.mapper.ts";
import * as repo from "./comments.repository.ts";

type CommentRef = { fileId: string; commentId: string };

/** The comment as the API answers it, names resolved. */
export async function presentComment(ctx: ServiceContext, row: repo.CommentRow) {
  return toComment(row, await repo.namesOf(ctx.db, peopleIn([row])));
}

/**
 * A version's comments go with it (their replies too), each with its own `comment.deleted`: a cascade, actor
 * `system`, as a receiver that keeps a file's discussion would otherwise keep them.
 */
export async function deleteCommentsOfVersion(
  { db }: Pick<SystemContext, "db">,
  { brandspaceId, fileId, versionId }: { brandspaceId: string; fileId: string; versionId: string },
) {
  for (const id of await repo.deleteCommentsOfVersion(db, versionId)) {
    await emit(db, {
      brandspaceId,
      type: "comment.deleted",
      actor: actors.system(),
      data: commentEventData({ id, file_id: fileId }),
    });
  }
}

async function emitComment(ctx: ServiceContext, type: EventType, row: repo.CommentRow) {
  const comment = await presentComment(ctx, row);
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type,
    actor: actors.user(ctx.auth),
    data: commentEventData(comment),
  });
  return comment;
}

/**
 * A comment of a file the caller can see. Reading works on a trashed file too (it can be restored); a change
 * calls `refuseTrashedFile` after its own checks (409, as any change to a trashed file; a non-author still gets
 * the specification's 404). A comment under another file's id is 404.
 */
export async function requireComment(ctx: ServiceContext, { fileId, commentId }: CommentRef) {
  const file = await requireFile(ctx, fileId, "view");
  const row = await repo.findComment(ctx.db, { brandspaceId: ctx.auth.brandspace.id, fileId }, commentId);
  if (!row) throw notFound("comment");
  return { file, row };
}

/** Only the author edits: to anyone else the comment is not there (the specification's 404). */
export function requireAuthor<T extends { authorId: string | null }>(
  ctx: ServiceContext,
  row: T,
  what: string,
): T {
  if (row.authorId !== ctx.auth.user.id) throw notFound(what);
  return row;
}

/** The author, or a role with `comments.manage`, deletes. */
export function requireDeleter(ctx: ServiceContext, row: { authorId: string | null }, what: string) {
  if (row.authorId !== ctx.auth.user.id && !hasPermission(ctx.auth, "comments.manage"))
    throw forbidden(`Only its author or a role with comments.manage can delete this ${what}.`);
}

export async function listComments(
  ctx: ServiceContext,
  { fileId, version_id, resolved, ...page }: CommentListQuery & { fileId: string },
) {
  await requireFile(ctx, fileId, "view");
  // A version of another file (or one deleted, with its comments) lists nothing: say so rather than answer [].
  if (version_id !== undefined) await requireVersionOf(ctx, fileId, version_id);
  return paginate(ctx.deps.cursors, page, {
    name: `comments:${fileId}:${version_id ?? ""}:${resolved ?? ""}`,
    fetch: (limit, after: repo.Position | null) =>
      repo.listFileComments(ctx.db, { fileId, versionId: version_id, resolved }, limit, after),
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    present: async (rows) => {
      const names = await repo.namesOf(ctx.db, peopleIn(rows));
      return rows.map((row) => toComment(row, names));
    },
  });
}

export async function getComment(ctx: ServiceContext, ref: CommentRef) {
  return presentComment(ctx, (await requireComment(ctx, ref)).row);
}

export async function createComment(
  ctx: ServiceContext,
  { fileId, body }: { fileId: string; body: CreateCommentBody },
) {
  const file = await requireFile(ctx, fileId, "view");
  requirePermission(ctx.auth, "comments.create", "comment");
  refuseTrashedFile(file);
  const row = await repo.insertComment(ctx.db, {
    id: newId("comment"),
    brandspaceId: ctx.auth.brandspace.id,
    fileId,
    versionId: await commentedVersion(ctx, file, body.version_id),
    authorId: ctx.auth.user.id,
    text: body.text,
    timestampMs: checkedTimestamp(body.timestamp_ms),
    annotations: body.annotations ?? [],
    mentionIds: await checkedMentions(ctx, body.mentions),
  });
  return emitComment(ctx, "comment.created", row);
}

export async function updateComment(
  ctx: ServiceContext,
  { changes, ...ref }: CommentRef & { changes: UpdateCommentBody },
) {
  const { file, row } = await requireComment(ctx, ref);
  requireAuthor(ctx, row, "comment");
  refuseTrashedFile(file);
  const changed = changedFields(row, {
    text: changes.text,
    mentionIds: changes.mentions ? await checkedMentions(ctx, changes.mentions) : undefined,
  });
  if (!changed) return presentComment(ctx, row);
  const updated = await repo.updateComment(ctx.db, row.id, changed, { edited: true });
  return emitComment(ctx, "comment.updated", updated);
}

/** Deletes the comment and its replies. */
export async function deleteComment(ctx: ServiceContext, ref: CommentRef) {
  const { file, row } = await requireComment(ctx, ref);
  requireDeleter(ctx, row, "comment");
  refuseTrashedFile(file);
  await repo.deleteComment(ctx.db, row.id);
  await emitComment(ctx, "comment.deleted", row);
  return {
    object: "comment" as const,
    id: row.id,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}

/**
 * Anyone who can view the file: the one condition the specification's table gives, so also while the file is in
 * the trash (review state is not the file's content). Resolving a resolved comment changes nothing and emits
 * nothing.
 */
export async function resolveComment(ctx: ServiceContext, ref: CommentRef) {
  const { row } = await requireComment(ctx, ref);
  if (row.resolvedAt) return presentComment(ctx, row);
  const resolved = await repo.markResolved(ctx.db, row.id, ctx.auth.user.id);
  return emitComment(ctx, "comment.resolved", resolved);
}

/** Anyone who can view the file, as resolving. Reopening an open comment changes nothing and emits nothing. */
export async function reopenComment(ctx: ServiceContext, ref: CommentRef) {
  const { row } = await requireComment(ctx, ref);
  if (!row.resolvedAt) return presentComment(ctx, row);
  const reopened = await repo.updateComment(ctx.db, row.id, { resolvedAt: null, resolvedById: null });
  return emitComment(ctx, "comment.reopened", reopened);
}

/** Comments across the files the caller can see, newest first; a library it cannot see is 404, as in file lists. */
export async function listInboxComments(
  ctx: ServiceContext,
  { library_id, author_id, mentions, resolved, ...page }: InboxQuery & PageRequest,
) {
  if (library_id !== undefined) await requireLibraryAccess(ctx, library_id, "view");
  const filter = {
    libraryId: library_id,
    authorId: author_id,
    mentioning: mentions === "me" ? ctx.auth.user.id : undefined,
    resolved,
  };
  return paginate(ctx.deps.cursors, page, {
    name: `inbox:${ctx.auth.brandspace.id}:${ctx.auth.user.id}:${JSON.stringify(filter)}`,
    fetch: (limit, after: repo.Position | null) => repo.listInbox(ctx, filter, limit, after),
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    present: async (rows) => {
      const names = await repo.namesOf(ctx.db, peopleIn(rows));
      const urls = { deps: ctx.deps, region: ctx.auth.brandspace.region };
      return rows.map((row) => toInboxComment(urls, row, names));
    },
  });
}
