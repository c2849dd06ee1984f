import type { Readable } from "node:stream";
import {
  abortUpload,
  completeUpload,
  createUpload,
  getUpload,
  putUploadContent,
  putUploadPart,
} from "../../contract/operations/uploads.ts";
import { route } from "../platform/route.ts";
import { receiveContent, receivePart } from "./receive-bytes.ts";
import * as service from "./uploads.service.ts";

// The bytes stream in outside any transaction; each step that records them opens its own.
const streaming = { transactional: false };

export function uploadsRoutes() {
  return [
    route(createUpload, (ctx) => service.createUpload(ctx, ctx.body)),
    route(getUpload, (ctx) => service.getUpload(ctx, ctx.params)),
    route(
      putUploadContent,
      (ctx) => receiveContent(ctx, { ...ctx.params, signed: ctx.query, body: ctx.request.raw as Readable }),
      streaming,
    ),
    route(
      putUploadPart,
      (ctx) => receivePart(ctx, { ...ctx.params, signed: ctx.query, body: ctx.request.raw as Readable }),
      streaming,
    ),
    route(
      completeUpload,
      (ctx) => service.completeUpload(ctx, { ...ctx.params, parts: ctx.body?.parts }),
      streaming,
    ),
    route(abortUpload, (ctx) => service.abortUpload(ctx, ctx.params)),
  ];
}
