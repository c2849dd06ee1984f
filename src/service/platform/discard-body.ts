import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/** How much of a refused body is read and dropped at most, and for how long, before the connection is closed. */
export const DISCARD_LIMITS = { bytes: 64 * 1024 * 1024, ms: 2_000 };

/**
 * After an answer that refuses a body still arriving (an expired upload's part, a body over the limit): reads the
 * rest and drops it, so that the client, still writing, receives the answer. Closing at once would leave its bytes
 * unread, and the kernel then resets the connection: a client (or a balancer in front) still writing often loses
 * the answer with it. A body that ends within the limits leaves the connection open for the next request; one that
 * goes on past them, or stalls, has its connection closed.
 *
 * `socket` is the answer's: a request whose stream was destroyed already (an upload stopped at its size) has let
 * go of its own. Its rest is then read from the socket, and the connection closed at the limits.
 */
export function discardRestOfBody(
  request: IncomingMessage,
  socket: Socket | null = request.socket,
  limits = DISCARD_LIMITS,
): void {
  if (!socket || socket.destroyed) return;
  const source = request.destroyed ? socket : request;
  let read = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, limits.ms);
  const stop = () => clearTimeout(timer);
  source.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) close();
  });
  if (source === request) request.once("end", stop);
  source.once("close", stop);
  source.resume();
}
