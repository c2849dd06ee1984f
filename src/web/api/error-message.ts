import { ApiError } from "./client.ts";

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
