import { z } from "zod";

/** Every error code of the uniform error body, with its HTTP status. */
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  idempotency_conflict: 409,
  expired: 410,
  payload_too_large: 413,
  range_not_satisfiable: 416,
  unsupported_media_type: 415,
  misdirected_request: 421,
  headers_too_large: 431,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ValidationIssue = z.object({ param: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ErrorBody = z
  .object({
    object: z.literal("error"),
    status: z.number().int(),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
    request_id: z.string(),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;
