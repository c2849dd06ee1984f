import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { Db } from "../db/client.ts";
import { webhooks } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
  at: number;
}

export type Responder = (request: ReceivedRequest, index: number, res: ServerResponse) => void;

/** A loopback HTTP receiver (127.0.0.1, a free port) that records every request and answers via `respond`. */
export async function startReceiver(respond: Responder = (_r, _i, res) => res.end("ok")) {
  const received: ReceivedRequest[] = [];
  const state = { respond };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      received.push(request);
      state.respond(request, received.length - 1, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    received,
    setResponder(next: Responder) {
      state.respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * The spec's five verification steps, written apart from the service's signer: raw bytes, split on `,` then on the
 * first `=`, a 300 s tolerance, HMAC-SHA256 over `<t>.<raw body>` in lowercase hex, any `v1` may match.
 */
export function verifySignature(
  header: string,
  rawBody: Buffer,
  secret: string,
  nowSeconds = Date.now() / 1000,
) {
  const parts = header.split(",").map((part) => {
    const at = part.indexOf("=");
    return [part.slice(0, at), part.slice(at + 1)] as const;
  });
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t || Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest("hex");
  return parts
    .filter(([k]) => k === "v1")
    .some(([, v]) => v.length === expected.length && timingSafeEqual(Buffer.from(v), Buffer.from(expected)));
}

/** Polls until `check` returns a truthy value or the time runs out. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 15_000,
  what = "condition",
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Environment of a service that may deliver to loopback receivers with a fast retry schedule. */
export const FAST_WEBHOOK_ENV = {
  WEBHOOK_ALLOW_LOOPBACK: "1",
  WEBHOOK_RETRY_SCHEDULE: "100ms,100ms,100ms,100ms,100ms",
  JOB_POLL_MS: "50",
};

/** An endpoint row written straight to the database (for tests of the dispatcher's storage), on a loopback port. */
export async function insertEndpoint(
  db: Db,
  brandspaceId: string,
  options: { events?: string[]; enabled?: boolean } = {},
): Promise<string> {
  const id = newId("webhook");
  await db.insert(webhooks).values({
    id,
    brandspaceId,
    url: "http://127.0.0.1:9/x",
    description: "",
    events: options.events ?? ["*"],
    enabled: options.enabled ?? true,
    secretSealed: "sealed",
    secretHint: "whsec_…abcd",
  });
  return id;
}
