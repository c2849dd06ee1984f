import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "../contract/errors.ts";
import { type ClientErrorKind, clientErrorKind, writeRawJsonError } from "../shared/raw-client-error.ts";
import { errorBody, newRequestId, rawErrorBody } from "./error-reply.ts";

const CLIENT_ERRORS: Record<
  ClientErrorKind,
  { code: ErrorCode; message: string; details?: Record<string, unknown> }
> = {
  headers_too_large: { code: "headers_too_large", message: "The request headers are larger than 16 KB." },
  request_timeout: { code: "request_timeout", message: "The request did not arrive in time." },
  malformed: {
    code: "validation_error",
    message: "The request is not valid HTTP.",
    details: { errors: [{ param: "request", message: "is not valid HTTP/1.1" }] },
  },
};

/** Requests Node's HTTP parser refused before Fastify saw them: the uniform body on the raw socket. */
export function clientErrorReply(error: Error & { code?: string }, socket: Socket): void {
  const { code, message, details } = CLIENT_ERRORS[clientErrorKind(error.code)];
  const requestId = newRequestId();
  const body = rawErrorBody(requestId, code, message, undefined, details ?? null);
  writeRawJsonError(error, socket, { status: body.status, requestId, body });
}

/** Routing errors raised before any hook: a path that is not valid percent-encoding, an over-long parameter. */
export function frameworkErrorReply(_error: unknown, request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(400)
    .header("x-request-id", request.id)
    .header("content-type", "application/json; charset=utf-8")
    .send(
      errorBody(request, "validation_error", "The request path is not valid percent-encoding.", 400, {
        errors: [{ param: "path", message: "is not valid percent-encoding" }],
      }),
    );
}

/**
 * An HTTP/1.1 request without a Host header, which HTTP requires: the uniform 400 (Node's own answer to it, turned
 * off with `requireHostHeader: false`, has no body).
 */
export function refuseMissingHost(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (request.raw.httpVersion !== "1.1" || request.headers.host !== undefined) return undefined;
  return reply
    .code(400)
    .header("content-type", "application/json; charset=utf-8")
    .send(
      errorBody(request, "validation_error", "The request has no Host header.", 400, {
        errors: [{ param: "request", message: "needs a Host header" }],
      }),
    );
}

/** The answer to a `CONNECT`: the dashboard's server is no proxy. */
export function connectRefusal() {
  const requestId = newRequestId();
  const body = rawErrorBody(
    requestId,
    "validation_error",
    "CONNECT is not supported: this server is not a proxy.",
    400,
    {
      errors: [{ param: "request", message: "CONNECT is not supported" }],
    },
  );
  return { status: 400, requestId, body };
}
