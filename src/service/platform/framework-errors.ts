import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ClientErrorKind, clientErrorKind, writeRawJsonError } from "../../shared/raw-client-error.ts";
import { errorBody, toApiError } from "./error-body.ts";
import { ApiError } from "./errors.ts";
import { newId } from "./ids.ts";

/**
 * Errors Fastify raises while routing, before any hook runs: a path that is not valid percent-encoding, or a path
 * parameter longer than any id. Both answer with the uniform body; an over-long parameter names no item (404). A
 * valid key's request is counted as any other (`count`), and the answer carries its RateLimit headers or is 429.
 */
export async function frameworkErrorReply(
  error: { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
  count: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  let apiError =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? new ApiError("not_found", "No such resource: a path parameter is longer than any id.")
      : new ApiError("validation_error", "The request path is not valid percent-encoding.", {
          errors: [{ param: "path", message: "is not valid percent-encoding" }],
        });
  try {
    await count(request, reply);
  } catch (refusal) {
    apiError = toApiError(refusal);
  }
  return reply
    .code(apiError.status)
    .headers(apiError.headers)
    .header("X-Request-Id", request.id)
    .header("content-type", "application/json; charset=utf-8")
    .send(errorBody(apiError, request.id));
}

/**
 * The request line and headers together, at most. Node's 16 KB would refuse a list query the API accepts: a
 * `filter` of 4,096 characters is up to 36 KB percent-encoded (three UTF-8 bytes a character, three characters a
 * byte), beside a `q` of 500 characters and the key.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers over 64 KB, a malformed request line or
 * Content-Length, headers that took too long): the uniform body on the raw socket, then the socket closes.
 */
export function clientErrorReply(error: Error & { code?: string }, socket: Socket): void {
  const apiError = CLIENT_ERRORS[clientErrorKind(error.code)]();
  const requestId = newId("request");
  writeRawJsonError(error, socket, {
    status: apiError.status,
    requestId,
    body: errorBody(apiError, requestId),
  });
}

const CLIENT_ERRORS: Record<ClientErrorKind, () => ApiError> = {
  headers_too_large: () =>
    new ApiError("headers_too_large", `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KB.`),
  request_timeout: () => new ApiError("request_timeout", "The request did not arrive in time."),
  malformed: () =>
    new ApiError("validation_error", "The request is not valid HTTP.", {
      errors: [{ param: "request", message: "is not valid HTTP/1.1" }],
    }),
};

/** The answer to a `CONNECT`: this server is no proxy. */
export function connectRefusal() {
  const apiError = new ApiError("validation_error", "CONNECT is not supported: this server is not a proxy.", {
    errors: [{ param: "request", message: "CONNECT is not supported" }],
  });
  const requestId = newId("request");
  return { status: apiError.status, requestId, body: errorBody(apiError, requestId) };
}
