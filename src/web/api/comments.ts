import type { z } from "zod";
import type { InboxQuery } from "../../contract/comments.ts";
import type { Operation } from "../../contract/operation.ts";
import {
  createComment,
  createReply,
  deleteComment,
  deleteReply,
  getComment,
  listComments,
  listInboxComments,
  listReplies,
  reopenComment,
  resolveComment,
  updateComment,
  updateReply,
} from "../../contract/operations/comments.ts";
import { listFiles } from "../../contract/operations/files.ts";
import { apiInfiniteQuery, apiQueryAll, useApiMutation } from "./query.ts";

/** A file's comments, oldest first (a file's thread is small enough to load whole). */
export const fileCommentsQuery = (fileId: string) => apiQueryAll(listComments, { params: { fileId } });
/** A comment's replies, oldest first. */
export const repliesQuery = (fileId: string, commentId: string) =>
  apiQueryAll(listReplies, { params: { fileId, commentId } });
/** The inbox across files, newest first, with the screen's filters. */
export type InboxFilters = Omit<z.input<typeof InboxQuery>, "limit" | "cursor">;
export const inboxQuery = (filters: InboxFilters) =>
  apiInfiniteQuery(listInboxComments, { query: { limit: 30, ...filters } });

/** What any comment change can make stale: the file's thread, replies, the inbox, and search by comment text. */
const COMMENT_CHANGES: Operation[] = [listComments, getComment, listReplies, listInboxComments, listFiles];

export const useCreateComment = () => useApiMutation(createComment, { invalidates: COMMENT_CHANGES });
export const useUpdateComment = () => useApiMutation(updateComment, { invalidates: COMMENT_CHANGES });
export const useDeleteComment = () => useApiMutation(deleteComment, { invalidates: COMMENT_CHANGES });
export const useResolveComment = () => useApiMutation(resolveComment, { invalidates: COMMENT_CHANGES });
export const useReopenComment = () => useApiMutation(reopenComment, { invalidates: COMMENT_CHANGES });
export const useCreateReply = () => useApiMutation(createReply, { invalidates: COMMENT_CHANGES });
export const useUpdateReply = () => useApiMutation(updateReply, { invalidates: COMMENT_CHANGES });
export const useDeleteReply = () => useApiMutation(deleteReply, { invalidates: COMMENT_CHANGES });
