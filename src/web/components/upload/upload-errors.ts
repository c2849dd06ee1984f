import { ApiError } from "../../api/client.ts";
import { NetworkError } from "../../api/network-error.ts";

/** The upload is gone on the service (aborted, expired, purged): a retry has to start a new one. */
export class UploadGoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadGoneError";
  }
}

/** Worth trying again by itself: the network dropped or the service failed for a moment. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 408);
}

/** The upload it belongs to no longer exists, or can no longer take bytes. */
export function isGone(error: unknown): boolean {
  if (error instanceof UploadGoneError) return true;
  return (
    error instanceof ApiError && (error.code === "expired" || (error.status === 404 && !isTransient(error)))
  );
}
