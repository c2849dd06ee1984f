import type { FastifyReply, FastifyRequest } from "fastify";
import type { BlobStore } from "../blobs/blob-store.ts";
import { attachmentDisposition } from "../blobs/content-disposition.ts";
import { notFound } from "../platform/errors.ts";
import type { ServedContent } from "./downloads.service.ts";
import { resolveRange } from "./http-range.ts";

/** Types a browser could run or render as a page: never served as themselves from user content. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml|image\/svg|text\/xml|application\/xml|text\/javascript|application\/javascript)/i;

/**
 * Streams stored bytes with Range and ETag support and the headers that keep user content inert:
 * nosniff, a sandboxing CSP, and `attachment` with the file name for every original and rendition.
 */
export async function serveContent(
  blobs: BlobStore,
  content: ServedContent & { expiresAt: Date },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const etag = `"${content.sha256}"`;
  const maxAge = Math.max(0, Math.floor((content.expiresAt.getTime() - Date.now()) / 1000));
  reply.headers({
    ETag: etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": `private, max-age=${maxAge}, immutable`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-site",
    "Content-Type": ACTIVE_TYPES.test(content.mime) ? "application/octet-stream" : content.mime,
    "Content-Disposition": attachmentDisposition(content.fileName),
  });
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  const range = resolveRange(request.headers.range, content.size);
  if (range.kind === "unsatisfiable") {
    return reply.code(416).header("Content-Range", `bytes */${content.size}`).send();
  }
  const partial = range.kind === "partial";
  const stream = await blobs.open(
    content.sha256,
    partial ? { start: range.start, end: range.end } : undefined,
  );
  if (!stream) throw notFound("content");
  if (partial) {
    reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${content.size}`);
    reply.header("Content-Length", String(range.end - range.start + 1));
  } else {
    reply.code(200).header("Content-Length", String(content.size));
  }
  if (request.method === "HEAD") {
    stream.destroy();
    return reply.send();
  }
  return reply.send(stream);
}
