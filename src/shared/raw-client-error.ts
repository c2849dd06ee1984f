import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";

/** What went wrong when Node's HTTP parser refused a request before any framework saw it. */
export type ClientErrorKind = "headers_too_large" | "request_timeout" | "malformed";

export function clientErrorKind(code: string | undefined): ClientErrorKind {
  if (code === "HPE_HEADER_OVERFLOW") return "headers_too_large";
  if (code === "ERR_HTTP_REQUEST_TIMEOUT" || code === "HPE_HEADERS_TIMEOUT") return "request_timeout";
  return "malformed";
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Answers on the raw socket with a JSON body and closes it; a socket the client already reset is just destroyed.
 * For Fastify's `clientErrorHandler`, where there is no request or reply object yet.
 */
export function writeRawJsonError(
  error: { code?: string },
  socket: Socket,
  answer: { status: number; requestId: string; body: unknown },
): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(answer.body);
  socket.end(
    `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? "Bad Request"}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${answer.requestId}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

/**
 * Answers `CONNECT` (a proxy tunnel request, which Node hands to a `connect` listener instead of the app) with the
 * uniform body; with no listener Node closed the socket without a word.
 */
export function refuseConnect(
  server: Server,
  answer: () => { status: number; requestId: string; body: unknown },
): void {
  server.on("connect", (_request: IncomingMessage, socket: Socket) =>
    writeRawJsonError({}, socket, answer()),
  );
}
