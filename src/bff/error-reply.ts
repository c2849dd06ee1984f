import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from "../contract/errors.ts";

/** The API's uniform error body, so the SPA handles BFF and upstream errors alike. */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  status: number = ERROR_STATUS[code],
  details: Record<string, unknown> | null = null,
): ErrorBody {
  return { object: "error", status, code, message, details, request_id: String(request.id) };
}

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
