import type { ServiceDeps } from "../deps.ts";
import { regionalUrlOf } from "../platform/planes.ts";
import { signPath } from "../platform/signed-urls.ts";

export const contentPathOf = (uploadId: string) => `/v1/uploads/${uploadId}/content`;
export const partPathOf = (uploadId: string, number: number) => `/v1/uploads/${uploadId}/parts/${number}`;

/** Upload URLs are signed and expire with the upload, so they work without the API key. */
export function signedUploadUrl(deps: ServiceDeps, region: string, path: string, expiresAt: Date) {
  return `${regionalUrlOf(deps.config, region)}${signPath(deps.keyring.key("upload"), path, expiresAt)}`;
}
