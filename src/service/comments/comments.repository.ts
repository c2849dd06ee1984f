import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { FileKind } from "../../contract/files.ts";
import { inVisibleLibraries } from "../access/library-access.ts";
import type { Db } from "../db/client.ts";
import { commentReplies, comments, files, fileVersions, users } from "../db/schema/index.ts";
import { thumbnailReady } from "../files/file-list.repository.ts";
import type { CallerContext } from "../platform/context.ts";
import { keysetAfter } from "../platform/keyset.ts";

export type CommentRow = typeof comments.$inferSelect;
export type ReplyRow = typeof commentReplies.$inferSelect;
export type InboxRow = CommentRow & {
  fileName: string;
  libraryId: string;
  kind: FileKind;
  activeVersionId: string | null;
  thumbnailReady: boolean | null;
};

/** Keyset position of a comment or reply: its creation time (ISO) and id. */
export type Position = [string, string];

const after = (
  position: Position | null,
  createdAt: SQLWrapper,
  id: SQLWrapper,
  direction: "asc" | "desc",
) =>
  position
    ? keysetAfter([createdAt, id], [sql`${position[0]}::timestamptz`, sql`${position[1]}`], direction)
    : undefined;

export async function insertComment(db: Db, row: typeof comments.$inferInsert): Promise<CommentRow> {
  const [inserted] = await db.insert(comments).values(row).returning();
  return inserted!;
}

/** A comment of this file in this brandspace, or null. */
export async function findComment(
  db: Db,
  scope: { brandspaceId: string; fileId: string },
  commentId: string,
): Promise<CommentRow | null> {
  const [row] = await db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.fileId, scope.fileId),
        eq(comments.brandspaceId, scope.brandspaceId),
      ),
    );
  return row ?? null;
}

/** A file's comments, oldest first. */
export function listFileComments(
  db: Db,
  filter: { fileId: string; versionId?: string; resolved?: boolean },
  limit: number,
  position: Position | null,
): Promise<CommentRow[]> {
  return db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.fileId, filter.fileId),
        filter.versionId ? eq(comments.versionId, filter.versionId) : undefined,
        filter.resolved === undefined
          ? undefined
          : filter.resolved
            ? isNotNull(comments.resolvedAt)
            : isNull(comments.resolvedAt),
        after(position, comments.createdAt, comments.id, "asc"),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit);
}

/** With `edited`, an edit of the text: `edited_at` is the same moment as `updated_at`. */
export async function updateComment(
  db: Db,
  commentId: string,
  changes: Partial<typeof comments.$inferInsert>,
  { edited = false }: { edited?: boolean } = {},
): Promise<CommentRow> {
  const [row] = await db
    .update(comments)
    .set({ ...changes, updatedAt: sql`now()`, ...(edited ? { editedAt: sql`now()` } : {}) })
    .where(eq(comments.id, commentId))
    .returning();
  return row!;
}

/** Resolved by `userId` at the moment `updated_at` records (the database's clock for both). */
export async function markResolved(db: Db, commentId: string, userId: string): Promise<CommentRow> {
  const [row] = await db
    .update(comments)
    .set({ resolvedAt: sql`now()`, resolvedById: userId, updatedAt: sql`now()` })
    .where(eq(comments.id, commentId))
    .returning();
  return row!;
}

export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.delete(comments).where(eq(comments.id, commentId));
}

/** Deletes a version's comments (their replies go with them); returns their ids. */
export async function deleteCommentsOfVersion(db: Db, versionId: string): Promise<string[]> {
  const rows = await db
    .delete(comments)
    .where(eq(comments.versionId, versionId))
    .returning({ id: comments.id });
  return rows.map((row) => row.id);
}

/** Comments across the files the caller can see (not trashed, not hidden by a trashed folder), newest first. */
export async function listInbox(
  ctx: CallerContext,
  filter: { libraryId?: string; authorId?: string; mentioning?: string; resolved?: boolean },
  limit: number,
  position: Position | null,
): Promise<InboxRow[]> {
  const visible = await inVisibleLibraries(ctx, files.libraryId);
  const rows = await ctx.db
    .select({
      comment: comments,
      fileName: files.name,
      libraryId: files.libraryId,
      kind: files.kind,
      activeVersionId: files.activeVersionId,
      thumbnailReady,
    })
    .from(comments)
    .innerJoin(files, eq(files.id, comments.fileId))
    .where(
      and(
        eq(comments.brandspaceId, ctx.auth.brandspace.id),
        isNull(files.trashedAt),
        isNull(files.hiddenBy),
        visible,
        filter.libraryId ? eq(files.libraryId, filter.libraryId) : undefined,
        filter.authorId ? eq(comments.authorId, filter.authorId) : undefined,
        // A thread mentions the caller where its comment or any of its replies does.
        filter.mentioning
          ? sql`(${comments.mentionIds} @> array[${filter.mentioning}]::text[] or exists (
              select 1 from ${commentReplies} r
              where r.comment_id = ${comments.id} and r.mention_ids @> array[${filter.mentioning}]::text[]))`
          : undefined,
        filter.resolved === undefined
          ? undefined
          : filter.resolved
            ? isNotNull(comments.resolvedAt)
            : isNull(comments.resolvedAt),
        after(position, comments.createdAt, comments.id, "desc"),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
  return rows.map(({ comment, ...file }) => ({ ...comment, ...file, kind: file.kind as FileKind }));
}

/** True when the version belongs to the file. */
export async function isVersionOf(db: Db, fileId: string, versionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fileVersions.id })
    .from(fileVersions)
    .where(and(eq(fileVersions.id, versionId), eq(fileVersions.fileId, fileId)));
  return Boolean(row);
}

/** Names of users by id, for authors and mentions. */
export async function namesOf(db: Db, userIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertReply(db: Db, row: typeof commentReplies.$inferInsert): Promise<ReplyRow> {
  const [inserted] = await db.insert(commentReplies).values(row).returning();
  await db
    .update(comments)
    .set({ replyCount: sql`${comments.replyCount} + 1` })
    .where(eq(comments.id, row.commentId));
  return inserted!;
}

export async function findReply(db: Db, commentId: string, replyId: string): Promise<ReplyRow | null> {
  const [row] = await db
    .select()
    .from(commentReplies)
    .where(and(eq(commentReplies.id, replyId), eq(commentReplies.commentId, commentId)));
  return row ?? null;
}

/** A comment's replies, oldest first. */
export function listReplies(db: Db, commentId: string, limit: number, position: Position | null) {
  return db
    .select()
    .from(commentReplies)
    .where(
      and(
        eq(commentReplies.commentId, commentId),
        after(position, commentReplies.createdAt, commentReplies.id, "asc"),
      ),
    )
    .orderBy(asc(commentReplies.createdAt), asc(commentReplies.id))
    .limit(limit);
}

/** With `edited`, an edit of the text: `edited_at` is the same moment as `updated_at`. */
export async function updateReply(
  db: Db,
  replyId: string,
  changes: Partial<typeof commentReplies.$inferInsert>,
  { edited = false }: { edited?: boolean } = {},
): Promise<ReplyRow> {
  const [row] = await db
    .update(commentReplies)
    .set({ ...changes, updatedAt: sql`now()`, ...(edited ? { editedAt: sql`now()` } : {}) })
    .where(eq(commentReplies.id, replyId))
    .returning();
  return row!;
}

export async function deleteReply(db: Db, reply: ReplyRow): Promise<void> {
  await db.delete(commentReplies).where(eq(commentReplies.id, reply.id));
  await db
    .update(comments)
    .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
    .where(eq(comments.id, reply.commentId));
}
