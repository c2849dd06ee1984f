import type { ServiceDeps } from "../deps.ts";
import {
  describeDownload,
  downloadAnswer,
  resolveVariant,
  type ServedContent,
} from "../downloads/downloads.service.ts";
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

/**
 * What a shared file's signed URL serves, after reading the link again: revoked (or its creator gone) 404, expired
 * 410, no longer `download` access 403, the file no longer in the share 404.
 */
export async function resolveShareFileContent(
  deps: ServiceDeps,
  params: { linkId: string; fileId: string; versionId: string; expires: string; signature: string },
): Promise<ServedContent & { expiresAt: Date }> {
  const path = shareOriginalPath(params.linkId, params.fileId, params.versionId);
  const share = await openLink(deps, deps.db, await linkOfSignedUrl(deps, params.linkId, path, params));
  const file = await requireDownloadableFile(share, params.fileId, params.versionId);
  const content = await resolveVariant(deps.db, file.id, params.versionId, "original");
  if (!content) throw notFound("content");
  return { ...content, expiresAt: new Date(Number(params.expires) * 1000) };
}

/**
 * What a shared file's rendition URL serves (its thumbnail, preview or scrub strip), after reading the link again:
 * revoked (or its creator gone) 404, expired 410, the file or an older version no longer in the share 404. Any
 * access may see them: they are what a `view` link shows.
 */
export async function resolveShareRendition(
  deps: ServiceDeps,
  params: {
    linkId: string;
    fileId: string;
    versionId: string;
    variant: ShareRendition;
    expires: string;
    signature: string;
  },
): Promise<ServedContent & { expiresAt: Date }> {
  const path = shareRenditionPath(params.linkId, params.fileId, params.versionId, params.variant);
  const share = await openLink(deps, deps.db, await linkOfSignedUrl(deps, params.linkId, path, params));
  const file = await requireFileInShare(share, params.fileId);
  requireVersionInShare(share, file, params.versionId);
  const content = await resolveVariant(deps.db, file.id, params.versionId, params.variant);
  if (!content) throw notFound("content");
  return { ...content, expiresAt: new Date(Number(params.expires) * 1000) };
}
