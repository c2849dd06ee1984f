import { ERROR_STATUS, type ErrorCode, type ValidationIssue } from "../../contract/errors.ts";

/** A failure with a place in the uniform error body. Thrown by services, mapped once by the error handler. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = "resource", details: Record<string, unknown> | null = null) =>
  new ApiError("not_found", `No such ${what}.`, details);

export const validationError = (errors: ValidationIssue[], message?: string) =>
  new ApiError("validation_error", message ?? describeIssues(errors), { errors });

export const conflict = (message: string, details: Record<string, unknown> | null = null) =>
  new ApiError("conflict", message, details);

export const forbidden = (message: string) => new ApiError("forbidden", message);

export function describeIssues(errors: ValidationIssue[]): string {
  const first = errors[0];
  if (!first) return "The request is invalid.";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return `${first.param ? `${first.param}: ` : ""}${first.message}${more}`;
}
