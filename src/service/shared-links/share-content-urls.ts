import type { ServiceDeps } from "../deps.ts";
import { ApiError } from "../platform/errors.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { signPath, stableExpiry, verifySignedPath } from "../platform/signed-urls.ts";
import { findLiveLinkById, type SharedLinkRow } from "./shared-links.repository.ts";

/** What a visitor's page shows of a shared file besides its original. */
export type ShareRendition = "thumbnail" | "preview" | "scrub";

/**
 * Paths of a share's bytes that name the link: the service reads the link again at each request, so revoking,
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

export const shareZipPath = (linkId: string) => `/v1/shared-link-content/${linkId}/zip`;

type SigningLink = Pick<SharedLinkRow, "id" | "passwordHash">;

/**
 * The signed URL of a link-scoped path, valid until `expiresAt`. The signature also covers the link's password
 * (its hash, which the URL does not show): setting, changing or removing the password stops the URLs handed out
 * before, as it stops the visitors' access tokens.
 */
export function signShareUrl(
  deps: ServiceDeps,
  region: string,
  link: SigningLink,
  path: string,
  expiresAt: Date,
): string {
  const signed = signPath(deps.keyring.key("download"), path, expiresAt, link.passwordHash ?? "");
  return `${regionalUrlOf(deps.config, region)}${signed}`;
}

/**
 * The signed URL of a shared file's rendition. Its expiry is stable within the hour (as a member's thumbnails), so
 * a visitor's browser caches what it has shown.
 */
export function shareRenditionUrl(
  deps: ServiceDeps,
  region: string,
  link: SigningLink,
  ref: { fileId: string; versionId: string; variant: ShareRendition },
): string {
  const path = shareRenditionPath(link.id, ref.fileId, ref.versionId, ref.variant);
  return signShareUrl(deps, region, link, path, stableExpiry());
}

/**
 * The live link a link-scoped URL names, once its signature holds for the link as it is now. Unknown or revoked
 * link, a bad signature, or a password changed since it was signed: 404; an expired URL: 410.
 */
export async function linkOfSignedUrl(
  deps: ServiceDeps,
  linkId: string,
  path: string,
  query: { expires: string; signature: string },
): Promise<SharedLinkRow> {
  const link = await findLiveLinkById(deps.db, linkId.slice(0, 100));
  if (!link) throw new ApiError("not_found", "This shared link does not exist or has been revoked.");
  verifySignedPath(deps.keyring.key("download"), path, query, { also: link.passwordHash ?? "" });
  return link;
}
