import type { IncomingMessage } from "node:http";

/** How much of a refused body is read and dropped at most, and for how long, before the connection is closed. */
export const DISCARD_LIMITS = { bytes: 64 * 1024 * 1024, ms: 2_000 };

/**
 * After an answer that refuses a body still arriving (an expired upload's part, a body over the limit): reads the
 * rest and drops it, so that the client, still writing, receives the answer. Closing at once would leave its bytes
 * unread, and the kernel then resets the connection: a client (or a balancer in front) still writing often loses
 * the answer with it. A body that ends within the limits leaves the connection open for the next request; one that
 * goes on past them, or stalls, has its connection closed.
 */
export function discardRestOfBody(request: IncomingMessage, limits = DISCARD_LIMITS): void {
  let read = 0;
  const close = () => request.socket.destroy();
  const timer = setTimeout(close, limits.ms);
  const stop = () => clearTimeout(timer);
  request.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) close();
  });
  request.once("end", stop);
  request.once("close", stop);
  request.resume();
}
