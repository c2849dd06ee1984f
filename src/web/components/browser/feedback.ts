import { errorMessage } from "../../api/error-message.ts";
import type { BulkResult } from "../../api/files.ts";
import { type ExternalToast, toast } from "../../lib/toast.ts";

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
