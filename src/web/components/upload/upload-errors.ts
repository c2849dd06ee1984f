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

/** What to tell the user: the service's own message, with the per-field reasons of a validation error. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    // The message often already names the first issue ("size: must be at most 50 GiB"): add only the others.
    const issues = error.issues
      .filter((issue) => !error.message.includes(issue.message))
      .map((issue) => `${issue.param} ${issue.message}`);
    return issues.length > 0 ? `${error.message} (${issues.join("; ")})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
