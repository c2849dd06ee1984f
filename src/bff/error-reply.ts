import { randomBytes } from "node:crypto";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from "../contract/errors.ts";

/** The API's uniform error body, so the SPA handles BFF and upstream errors alike. */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  status: number = ERROR_STATUS[code],
  details: Record<string, unknown> | null = null,
): ErrorBody {
  return rawErrorBody(String(request.id), code, message, status, details);
}

/** The uniform body where there is no request object yet (a socket the HTTP parser refused). */
export function rawErrorBody(
  requestId: string,
  code: ErrorCode,
  message: string,
  status: number = ERROR_STATUS[code],
  details: Record<string, unknown> | null = null,
): ErrorBody {
  return { object: "error", status, code, message, details, request_id: requestId };
}

export const newRequestId = () => `req_${randomBytes(12).toString("hex")}`;

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  status: number = ERROR_STATUS[code],
): FastifyReply {
  return reply
    .code(status)
    .header("content-type", "application/json; charset=utf-8")
    .send(errorBody(request, code, message, status));
}

/** What the BFF says for a client error Fastify or a plugin raised, by status; others read as malformed. */
const CLIENT_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: "validation_error", message: "The request is malformed." },
  404: { code: "not_found", message: "Not found." },
  405: { code: "method_not_allowed", message: "This method is not allowed here." },
  413: { code: "payload_too_large", message: "The request body is too large." },
  415: { code: "unsupported_media_type", message: "This content type is not accepted here." },
};

/**
 * The uniform body for an error thrown inside the BFF (body parsing, static files, a bug): a 4xx keeps its
 * status, a path refused by the static file server reads as not found (it says nothing about what exists
 * outside), anything else is a generic 500.
 */
export function thrownErrorBody(request: FastifyRequest, error: Partial<FastifyError>): ErrorBody {
  if (error.code === "FST_STATIC_FORBIDDEN_PATH") return errorBody(request, "not_found", "Not found.");
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) {
    return errorBody(request, "internal_error", "Something went wrong.", 500);
  }
  const known = CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]!;
  return errorBody(request, known.code, known.message, status);
}
