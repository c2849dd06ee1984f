import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "../contract/errors.ts";
import { type ClientErrorKind, clientErrorKind, writeRawJsonError } from "../shared/raw-client-error.ts";
import { newRequestId, rawErrorBody, sendError } from "./error-reply.ts";

const CLIENT_ERRORS: Record<ClientErrorKind, { code: ErrorCode; message: string }> = {
  headers_too_large: { code: "headers_too_large", message: "The request headers are larger than 16 KB." },
  request_timeout: { code: "request_timeout", message: "The request did not arrive in time." },
  malformed: { code: "validation_error", message: "The request is not valid HTTP." },
};

/** Requests Node's HTTP parser refused before Fastify saw them: the uniform body on the raw socket. */
export function clientErrorReply(error: Error & { code?: string }, socket: Socket): void {
  const { code, message } = CLIENT_ERRORS[clientErrorKind(error.code)];
  const requestId = newRequestId();
  const body = rawErrorBody(requestId, code, message);
  writeRawJsonError(error, socket, { status: body.status, requestId, body });
}

/** Routing errors raised before any hook: a path that is not valid percent-encoding, an over-long parameter. */
export function frameworkErrorReply(_error: unknown, request: FastifyRequest, reply: FastifyReply) {
  reply.header("x-request-id", request.id);
  return sendError(request, reply, "validation_error", "The request path is not valid.");
}
