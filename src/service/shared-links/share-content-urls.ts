import type { ServiceDeps } from "../deps.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { signPath, stableExpiry } from "../platform/signed-urls.ts";

/** What a visitor's page shows of a shared file besides its original. */
export type ShareRendition = "thumbnail" | "preview" | "scrub";

/**
 * Paths of a shared file's bytes that name the link: the service reads the link again at each request, so revoking,
 * narrowing or letting it expire stops them too, instead of leaving a member's content URL working for its expiry.
 */
export const shareOriginalPath = (linkId: string, fileId: string, versionId: string) =>
  `/v1/shared-link-content/${linkId}/files/${fileId}/${versionId}`;

export const shareRenditionPath = (
  linkId: string,
  fileId: string,
  versionId: string,
  variant: ShareRendition,
) => `${shareOriginalPath(linkId, fileId, versionId)}/${variant}`;

/** The signed URL of a shared file's original, valid until `expiresAt`. */
export function shareOriginalUrl(
  deps: ServiceDeps,
  region: string,
  ref: { linkId: string; fileId: string; versionId: string },
  expiresAt: Date,
): string {
  const path = shareOriginalPath(ref.linkId, ref.fileId, ref.versionId);
  return `${regionalUrlOf(deps.config, region)}${signPath(deps.keyring.key("download"), path, expiresAt)}`;
}

/**
 * The signed URL of a shared file's rendition. Its expiry is stable within the hour (as a member's thumbnails), so
 * a visitor's browser caches what it has shown.
 */
export function shareRenditionUrl(
  deps: ServiceDeps,
  region: string,
  ref: { linkId: string; fileId: string; versionId: string; variant: ShareRendition },
): string {
  const path = shareRenditionPath(ref.linkId, ref.fileId, ref.versionId, ref.variant);
  return `${regionalUrlOf(deps.config, region)}${signPath(deps.keyring.key("download"), path, stableExpiry())}`;
}
