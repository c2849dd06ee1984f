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
import { route } from "../platform/route.ts";
import * as comments from "./comments.service.ts";
import * as replies from "./replies.service.ts";

export function commentsRoutes() {
  return [
    route(listInboxComments, (ctx) => comments.listInboxComments(ctx, ctx.query)),
    route(listComments, (ctx) => comments.listComments(ctx, { ...ctx.params, ...ctx.query })),
    route(createComment, (ctx) => comments.createComment(ctx, { ...ctx.params, body: ctx.body })),
    route(getComment, (ctx) => comments.getComment(ctx, ctx.params)),
    route(updateComment, (ctx) => comments.updateComment(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteComment, (ctx) => comments.deleteComment(ctx, ctx.params)),
    route(resolveComment, (ctx) => comments.resolveComment(ctx, ctx.params)),
    route(reopenComment, (ctx) => comments.reopenComment(ctx, ctx.params)),
    route(listReplies, (ctx) => replies.listReplies(ctx, { ...ctx.params, ...ctx.query })),
    route(createReply, (ctx) => replies.createReply(ctx, { ...ctx.params, body: ctx.body })),
    route(updateReply, (ctx) => replies.updateReply(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteReply, (ctx) => replies.deleteReply(ctx, ctx.params)),
  ];
}
