import { ApiError } from "../../api/client.ts";
import type { BulkResult } from "../../api/files.ts";
import { type ExternalToast, toast } from "../../lib/toast.ts";

/** The service's message for a failed call, with the per-parameter details of a validation error. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const issues = error.issues.map((issue) => `${issue.param} ${issue.message}`);
    return issues.length && !issues.some((i) => error.message.includes(i))
      ? `${error.message} (${issues.join("; ")})`
      : error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong.";
}

/**
 * One toast for a bulk action: success when all went through, an error when none did, a warning naming the
 * first failure's reason otherwise.
 */
export function toastBulk<T>(
  result: BulkResult<T>,
  messages: { done: (count: number) => string; failed: string },
  options?: ExternalToast,
): void {
  const { done, failed } = result;
  if (failed.length === 0) {
    toast.success(messages.done(done.length), options);
    return;
  }
  const reason = errorMessage(failed[0]!.error);
  if (done.length === 0) toast.error(`${messages.failed}: ${reason}`);
  else toast.warning(`${messages.done(done.length)}; ${failed.length} failed: ${reason}`, options);
}
