import { z } from "zod";
import {
  Comment,
  CommentListQuery,
  CreateCommentBody,
  CreateReplyBody,
  InboxComment,
  InboxQuery,
  Reply,
  UpdateCommentBody,
  UpdateReplyBody,
} from "../comments.ts";
import { deletionOf, listOf, PaginationQuery } from "../common.ts";
import { defineOperation } from "../operation.ts";

const FileParams = z.strictObject({ fileId: z.string() });
const CommentParams = z.strictObject({ fileId: z.string(), commentId: z.string() });
const ReplyParams = z.strictObject({ fileId: z.string(), commentId: z.string(), replyId: z.string() });
const base = { plane: "regional", auth: "key", tag: "Comments" } as const;

export const listComments = defineOperation({
  ...base,
  id: "listComments",
  method: "GET",
  path: "/v1/files/{fileId}/comments",
  scope: "comments:read",
  summary: "A file's comments, oldest first; filter by `version_id` and `resolved`.",
  params: FileParams,
  query: CommentListQuery,
  status: 200,
  response: listOf(Comment),
});

export const createComment = defineOperation({
  ...base,
  id: "createComment",
  method: "POST",
  path: "/v1/files/{fileId}/comments",
  scope: "comments:write",
  summary:
    "Comment on a file: on its active version unless `version_id` says otherwise; `timestamp_ms` for video and audio; normalized annotations; mentions of members.",
  params: FileParams,
  body: CreateCommentBody,
  status: 201,
  response: Comment,
});

export const getComment = defineOperation({
  ...base,
  id: "getComment",
  method: "GET",
  path: "/v1/files/{fileId}/comments/{commentId}",
  scope: "comments:read",
  summary: "One comment.",
  params: CommentParams,
  status: 200,
  response: Comment,
});

export const updateComment = defineOperation({
  ...base,
  id: "updateComment",
  method: "PATCH",
  path: "/v1/files/{fileId}/comments/{commentId}",
  scope: "comments:write",
  summary:
    "Edit a comment's text (and mentions); only its author may, anyone else gets 404. Sets `edited_at`.",
  params: CommentParams,
  body: UpdateCommentBody,
  status: 200,
  response: Comment,
});

export const deleteComment = defineOperation({
  ...base,
  id: "deleteComment",
  method: "DELETE",
  path: "/v1/files/{fileId}/comments/{commentId}",
  scope: "comments:write",
  summary: "Delete a comment and its replies: its author, or a creator with `comments.manage`.",
  params: CommentParams,
  status: 200,
  response: deletionOf("comment"),
});

export const resolveComment = defineOperation({
  ...base,
  id: "resolveComment",
  method: "POST",
  path: "/v1/files/{fileId}/comments/{commentId}/resolve",
  scope: "comments:write",
  summary: "Resolve a comment; anyone who can view the file. Resolving again changes nothing.",
  params: CommentParams,
  status: 200,
  response: Comment,
});

export const reopenComment = defineOperation({
  ...base,
  id: "reopenComment",
  method: "POST",
  path: "/v1/files/{fileId}/comments/{commentId}/reopen",
  scope: "comments:write",
  summary:
    "Reopen a resolved comment; anyone who can view the file. Reopening an open comment changes nothing.",
  params: CommentParams,
  status: 200,
  response: Comment,
});

export const listReplies = defineOperation({
  ...base,
  id: "listReplies",
  method: "GET",
  path: "/v1/files/{fileId}/comments/{commentId}/replies",
  scope: "comments:read",
  summary: "A comment's replies, oldest first.",
  params: CommentParams,
  query: PaginationQuery,
  status: 200,
  response: listOf(Reply),
});

export const createReply = defineOperation({
  ...base,
  id: "createReply",
  method: "POST",
  path: "/v1/files/{fileId}/comments/{commentId}/replies",
  scope: "comments:write",
  summary: "Reply to a comment.",
  params: CommentParams,
  body: CreateReplyBody,
  status: 200,
  response: Reply,
});

export const updateReply = defineOperation({
  ...base,
  id: "updateReply",
  method: "PATCH",
  path: "/v1/files/{fileId}/comments/{commentId}/replies/{replyId}",
  scope: "comments:write",
  summary: "Edit a reply's text; only its author may, anyone else gets 404. Sets `edited_at`.",
  params: ReplyParams,
  body: UpdateReplyBody,
  status: 200,
  response: Reply,
});

export const deleteReply = defineOperation({
  ...base,
  id: "deleteReply",
  method: "DELETE",
  path: "/v1/files/{fileId}/comments/{commentId}/replies/{replyId}",
  scope: "comments:write",
  summary: "Delete a reply: its author, or a creator with `comments.manage`.",
  params: ReplyParams,
  status: 200,
  response: deletionOf("reply"),
});

export const listInboxComments = defineOperation({
  ...base,
  id: "listInboxComments",
  method: "GET",
  path: "/v1/comments",
  scope: "comments:read",
  summary:
    "Comments across the files the creator can see, newest first: by library, author, mention of the caller and state.",
  query: InboxQuery,
  status: 200,
  response: listOf(InboxComment),
});

export const commentOperations = [
  listInboxComments,
  listComments,
  createComment,
  getComment,
  updateComment,
  deleteComment,
  resolveComment,
  reopenComment,
  listReplies,
  createReply,
  updateReply,
  deleteReply,
];
