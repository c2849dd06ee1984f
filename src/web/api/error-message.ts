import { ApiError } from "./client.ts";

/**
 * What to tell the user about a failed call: the service's own message, with the per-parameter reasons of a
 * validation error that it does not already name ("size: must be at most 50 GiB" names its first issue).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const issues = error.issues
      .filter((issue) => !error.message.includes(issue.message))
      .map((issue) => `${issue.param} ${issue.message}`);
    return issues.length > 0 ? `${error.message} (${issues.join("; ")})` : error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong.";
}
