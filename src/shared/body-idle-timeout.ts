import type { IncomingMessage, ServerResponse } from "node:http";

/** The uniform error body, built by the caller (the service and the dashboard's server each make their own). */
export type TimeoutBody = (requestId: string) => unknown;

/**
 * Closes a request whose body stops arriving for `idleMs`: 408 with the uniform error body, then the socket.
 * Only while a body is being received: a slow-loris client cannot hold a socket, while a large upload that keeps
 * moving is never cut off, and idle keep-alive sockets stay governed by `keepAliveTimeout`.
 * (Headers have their own bound: Node's `headersTimeout`, 60 s.)
 */
export function bodyIdleTimeout(idleMs: number, body: TimeoutBody) {
  return function limitBodyIdleTime(
    request: { id: string; raw: IncomingMessage },
    reply: { raw: ServerResponse },
  ): void {
    const raw = request.raw;
    if (!hasBody(raw) || raw.complete) return;
    const socket = raw.socket;
    const onTimeout = () => {
      const response = reply.raw;
      if (!response.headersSent) {
        response.writeHead(408, {
          "content-type": "application/json; charset=utf-8",
          "x-request-id": request.id,
          connection: "close",
        });
        response.end(JSON.stringify(body(request.id)));
      }
      socket.destroySoon();
    };
    socket.setTimeout(idleMs);
    raw.on("timeout", onTimeout);
    const done = () => {
      socket.setTimeout(0);
      raw.off("timeout", onTimeout);
    };
    raw.once("end", done);
    raw.once("close", done);
  };
}

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers["content-length"];
  return raw.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}
