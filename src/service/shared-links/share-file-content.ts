import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../deps.ts";
import {
  describeDownload,
  downloadAnswer,
  resolveVariant,
  type ServedContent,
} from "../downloads/downloads.service.ts";
import { serveContent } from "../downloads/serve-content.ts";
import { notFound } from "../platform/errors.ts";
import {
  countPublicDownload,
  type OpenShare,
  openContent,
  openLink,
  requireDownloadAccess,
  requireFileInShare,
  type Visit,
} from "./public-share.service.ts";
import {
  linkOfSignedUrl,
  type ShareRendition,
  shareOriginalPath,
  shareRenditionPath,
  signShareUrl,
} from "./share-content-urls.ts";

/** A version other than the file's active one is in the share only while the link shows versions. */
function requireVersionInShare(
  share: OpenShare,
  file: { activeVersionId: string | null },
  versionId?: string,
) {
  if (versionId !== undefined && versionId !== file.activeVersionId && !share.link.showVersions)
    throw notFound("version");
}

/** The file of the share a visitor may download, at `versionId` (another than the active one if the link shows versions). */
async function requireDownloadableFile(share: OpenShare, fileId: string, versionId: string | undefined) {
  const file = await requireFileInShare(share, fileId);
  requireDownloadAccess(share);
  requireVersionInShare(share, file, versionId);
  return file;
}

/**
 * A visitor's download of one shared file: only `download` links, counted on the brandspace's `downloads` counter.
 * The URL names the link, so that revoking or narrowing it stops the URL too (as the share's zip URL), rather than
 * leaving a member's content URL working for its 15 minutes.
 */
export async function downloadShareFile(visit: Visit & { fileId: string; version_id?: string }) {
  const share = await openContent(visit);
  const file = await requireDownloadableFile(share, visit.fileId, visit.version_id);
  const download = await describeDownload(share.ctx, file, { version_id: visit.version_id });
  await countPublicDownload(share);
  const url = signShareUrl(
    visit.deps,
    share.ctx.auth.brandspace.region,
    share.link,
    shareOriginalPath(share.link.id, file.id, download.versionId),
    download.expiresAt,
  );
  return downloadAnswer(file, download, url);
}

/** A link-scoped content URL's parts: the original's (download access) or a rendition's (any access). */
interface ShareContentParams {
  linkId: string;
  fileId: string;
  versionId: string;
  variant: "original" | ShareRendition;
  expires: string;
  signature: string;
}

/**
 * What a link-scoped content URL serves, after reading the link again: revoked (or its creator gone) 404, expired
 * 410, the file or an older version no longer in the share 404. The original needs `download` access still (403
 * otherwise); a thumbnail, preview or scrub strip is what any link shows.
 */
async function resolveShareContent(
  deps: ServiceDeps,
  { linkId, fileId, versionId, variant, ...signed }: ShareContentParams,
): Promise<ServedContent & { expiresAt: Date }> {
  const path =
    variant === "original"
      ? shareOriginalPath(linkId, fileId, versionId)
      : shareRenditionPath(linkId, fileId, versionId, variant);
  const share = await openLink(deps, deps.db, await linkOfSignedUrl(deps, linkId, path, signed));
  const file = await requireFileInShare(share, fileId);
  if (variant === "original") requireDownloadAccess(share);
  requireVersionInShare(share, file, versionId);
  const content = await resolveVariant(deps.db, file.id, versionId, variant);
  if (!content) throw notFound("content");
  return { ...content, expiresAt: new Date(Number(signed.expires) * 1000) };
}

/** Serves a link-scoped content URL (Range, ETag, inert headers), as a member's content URL is served. */
export async function serveShareContent(
  deps: ServiceDeps,
  params: ShareContentParams,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  await serveContent(deps.blobs, await resolveShareContent(deps, params), request, reply);
  return "";
}
