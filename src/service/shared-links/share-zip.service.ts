import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../deps.ts";
import { DOWNLOAD_TTL_MS } from "../downloads/downloads.service.ts";
import { sendZip } from "../downloads/send-zip.ts";
import { conflict } from "../platform/errors.ts";
import {
  countPublicDownload,
  type OpenShare,
  openContent,
  openLink,
  requireDownloadAccess,
  type Visit,
} from "./public-share.service.ts";
import { linkOfSignedUrl, shareZipPath, signShareUrl } from "./share-content-urls.ts";
import { shareZipEntries } from "./share-zip-entries.ts";

/** A share that may be zipped: `download` access and a target with more than one file to hold. */
function requireZippable(share: OpenShare) {
  requireDownloadAccess(share);
  if (share.link.targetType === "file")
    throw conflict("A file share has one file: download it with …/files/{fileId}/download.");
}

/**
 * A 15-minute signed URL of the share's zip, counted on the `downloads` counter like a single file's. The entries
 * are found now too, so that a share over the bound is refused here rather than once the download starts.
 */
export async function issueShareZipUrl(visit: Visit) {
  const share = await openContent(visit);
  requireZippable(share);
  const { files } = await shareZipEntries(share);
  await countPublicDownload(share);
  const expiresAt = new Date(Date.now() + DOWNLOAD_TTL_MS);
  const region = share.ctx.auth.brandspace.region;
  return {
    object: "download_url" as const,
    url: signShareUrl(visit.deps, region, share.link, shareZipPath(share.link.id), expiresAt),
    expires_at: expiresAt.toISOString(),
    name: `${share.targetName}.zip`,
    mime: "application/zip" as const,
    file_count: files.length,
  };
}

/**
 * Streams the zip at a signed URL, built as it is sent from what the share shows now: a link revoked, expired or
 * narrowed since the URL was issued serves no more than it would to a visitor. No Range: the zip is not stored.
 */
export async function serveShareZip(
  deps: ServiceDeps,
  params: { linkId: string; expires: string; signature: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const link = await linkOfSignedUrl(deps, params.linkId, shareZipPath(params.linkId), params);
  const share = await openLink(deps, deps.db, link);
  requireZippable(share);
  const entries = await shareZipEntries(share);
  return sendZip(
    deps.blobs,
    { request, reply },
    { name: `${share.targetName}.zip`, entries, mtime: new Date(), expires: params.expires },
  );
}
