import type { ErrorBody } from "../../contract/errors.ts";
import { isDatabaseUnavailable } from "./database-unavailable.ts";
import { ApiError } from "./errors.ts";

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/** Maps anything thrown to the API error it stands for; unknown failures become a generic 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as FastifyLikeError;
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError("unsupported_media_type", "Send the request body as application/json.");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError("payload_too_large", "The request body is larger than this operation accepts.");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError("validation_error", "The request body is not valid JSON.", {
        errors: [{ param: "body", message: "is not valid JSON" }],
      });
  }
  if (error instanceof SyntaxError || e.statusCode === 400) {
    return new ApiError("validation_error", "The request is malformed.", {
      errors: [{ param: "body", message: e.message ?? "is malformed" }],
    });
  }
  if (e.statusCode === 413) return new ApiError("payload_too_large", "The request body is too large.");
  if (e.statusCode === 415)
    return new ApiError("unsupported_media_type", "Send the request body as application/json.");
  if (isDatabaseUnavailable(error))
    return new ApiError(
      "unavailable",
      "A service behind the API (its database) cannot take this request right now; retry it shortly.",
      null,
      { "Retry-After": "1" },
    );
  return new ApiError(
    "internal_error",
    "Something went wrong on our side. The request id identifies it in our logs.",
  );
}

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  return {
    object: "error",
    status: error.status,
    code: error.code,
    message: error.message,
    details: error.details,
    request_id: requestId,
  };
}
