/**
 * Whether a failure means the database could not serve the request at all (down, restarting, out of
 * connections), rather than a fault in the request or in our code: the answer is then 503 `unavailable`, which a
 * client may retry, not a 500.
 *
 * SQLSTATE classes 08 (connection exception, but 08P01, a protocol violation: our fault) and 53 (insufficient resources, e.g. 53300 too many connections), and
 * 57P01–57P03 (the server shutting down or starting); socket errors reaching it; and the errors node-postgres
 * raises itself without a code (a connection it lost, a pool that found none in time).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODE.test(code)) return true;
    if (typeof message === "string" && LOST_CONNECTION.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNAVAILABLE_CODE = /^(08(?!P01)...|53...|57P0[123]|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/;
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
