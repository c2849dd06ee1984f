import type { FastifyReply, FastifyRequest } from "fastify";
import type { BlobStore } from "../blobs/blob-store.ts";
import { attachmentDisposition } from "../blobs/content-disposition.ts";
import { type ZipEntries, zipStream } from "../transfers/build-zip.ts";
import { INERT_CONTENT_HEADERS } from "./serve-content.ts";

/**
 * Answers a signed URL's request with a zip built as it is sent (flat memory: each file opens when the writer
 * reaches it), saved as `name`; a HEAD gets the headers only. No Range: the zip is not stored. `expires` is the
 * URL's expiry (epoch seconds), the limit of how long it may be cached.
 */
export function sendZip(
  blobs: BlobStore,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  zip: { name: string; entries: ZipEntries; mtime: Date; expires: string },
) {
  const maxAge = Math.max(0, Number(zip.expires) - Math.floor(Date.now() / 1000));
  reply.code(200).headers({
    ...INERT_CONTENT_HEADERS,
    "Cache-Control": `private, max-age=${maxAge}`,
    "Accept-Ranges": "none",
    "Content-Type": "application/zip",
    "Content-Disposition": attachmentDisposition(zip.name),
  });
  if (request.method === "HEAD") return reply.send("");
  return reply.send(zipStream(blobs, zip.entries, zip.mtime));
}
