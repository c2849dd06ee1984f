import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { BlobStore } from "../blobs/blob-store.ts";
import { attachmentDisposition } from "../blobs/content-disposition.ts";
import { ApiError, notFound } from "../platform/errors.ts";
import type { ServedContent } from "./downloads.service.ts";
import { resolveRange } from "./http-range.ts";

/** Types a browser could run or render as a page: never served as themselves from user content. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml|image\/svg|text\/xml|application\/xml|text\/javascript|application\/javascript)/i;

/** Keep user content inert wherever it is served: never sniffed, never run, never embedded cross-site. */
export const INERT_CONTENT_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cross-Origin-Resource-Policy": "same-site",
} as const;

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
  const notModified = request.headers["if-none-match"] === etag;
  const range = resolveRange(request.headers.range, content.size);
  // Errors are thrown before the content's headers are set: an error body is never cached or saved as the file.
  if (!notModified && range.kind === "unsatisfiable") {
    throw new ApiError(
      "range_not_satisfiable",
      `The range starts beyond the content's ${content.size} bytes.`,
      { size: content.size },
      { "Content-Range": `bytes */${content.size}` },
    );
  }
  const partial = range.kind === "partial";
  const stream = notModified
    ? null
    : await blobs.open(content.sha256, partial ? { start: range.start, end: range.end } : undefined);
  if (!notModified && !stream) throw notFound("content");
  const maxAge = Math.max(0, Math.floor((content.expiresAt.getTime() - Date.now()) / 1000));
  reply.headers({
    ETag: etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": `private, max-age=${maxAge}, immutable`,
    ...INERT_CONTENT_HEADERS,
    "Content-Type": ACTIVE_TYPES.test(content.mime) ? "application/octet-stream" : content.mime,
    "Content-Disposition": attachmentDisposition(content.fileName),
  });
  if (!stream) return reply.code(304).send();
  if (partial) {
    reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${content.size}`);
    reply.header("Content-Length", String(range.end - range.start + 1));
  } else {
    reply.code(200).header("Content-Length", String(content.size));
  }
  if (request.method === "HEAD") {
    stream.destroy();
    // Fastify's HEAD route sets Content-Length: 0 for an empty answer, but keeps the one set here for a stream.
    return reply.send(Readable.from([]));
  }
  return reply.send(stream);
}
