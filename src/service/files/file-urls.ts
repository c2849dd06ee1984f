import type { ServiceDeps } from "../deps.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { signPath, stableExpiry } from "../platform/signed-urls.ts";

export type ContentVariant = "original" | "thumbnail" | "preview" | "frames" | "scrub";

/** The path the regional host serves a version's bytes or rendition at; only valid with a signature. */
export const contentPath = (fileId: string, versionId: string, variant: ContentVariant) =>
  `/v1/content/${fileId}/${versionId}/${variant}`;

/** A signed, expiring URL of a version's original or rendition on the brandspace's regional host. */
export function contentUrl(
  deps: ServiceDeps,
  region: string,
  ref: { fileId: string; versionId: string; variant: ContentVariant },
  expiresAt: Date = stableExpiry(),
): string {
  const path = contentPath(ref.fileId, ref.versionId, ref.variant);
  return `${regionalUrlOf(deps.config, region)}${signPath(deps.keyring.key("download"), path, expiresAt)}`;
}
