import type { ServiceDeps } from "../deps.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { signPath } from "../platform/signed-urls.ts";

/** The zip's signed URL lives an hour; a download only has to start before then. */
const CONTENT_TTL_MS = 60 * 60_000;

export const transferUrl = (visitorUrl: string, token: string) => `${visitorUrl}/t/${token}`;

/** `entry` is `zip` or a file entry's id. */
export const transferContentPath = (transferId: string, entry: string) =>
  `/v1/transfer-content/${transferId}/${entry}`;

export function transferContentUrl(
  deps: ServiceDeps,
  region: string,
  transferId: string,
  entry: string,
  ttlMs = CONTENT_TTL_MS,
) {
  const expiresAt = new Date(Date.now() + ttlMs);
  const path = transferContentPath(transferId, entry);
  return {
    url: `${regionalUrlOf(deps.config, region)}${signPath(deps.keyring.key("download"), path, expiresAt)}`,
    expiresAt,
  };
}
