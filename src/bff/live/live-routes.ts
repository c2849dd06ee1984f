import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { sendError } from "../error-reply.ts";
import type { LiveFeed } from "./live-feed.ts";
import type { LiveHub } from "./live-hub.ts";
import { checkSignature } from "./signature-check.ts";

export const RECEIVER_PATH = "/api/webhook-receiver";
export const LIVE_STREAM_PATH = "/api/live";
/** How long a first stream waits for the dashboard's endpoint to be registered before it opens anyway. */
const SUBSCRIBE_WAIT_MS = 5_000;
/** Event envelopes are minimal snapshots; anything near this is not one of ours. */
const RECEIVER_BODY_LIMIT = 1024 * 1024;

const Envelope = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  occurred_at: z.string().max(100),
  data: z.unknown(),
});

export interface LiveRoutesOptions {
  feed: LiveFeed;
  hub: LiveHub;
  hasSession: (request: FastifyRequest) => boolean;
  nowSeconds?: () => number;
}

/**
 * `POST /api/webhook-receiver`: the service's signed deliveries, verified with our endpoint's secret, passed on
 * to open dashboards; `GET /api/live`: a logged-in dashboard's Server-Sent Events stream of them.
 */
export function registerLiveRoutes(app: FastifyInstance, options: LiveRoutesOptions): void {
  const { feed, hub } = options;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  app.get(LIVE_STREAM_PATH, async (request, reply) => {
    if (!options.hasSession(request)) return sendError(request, reply, "unauthorized", "Log in first.");
    feed.demand();
    await feed.subscribed(SUBSCRIBE_WAIT_MS);
    reply.hijack();
    hub.attach(reply.raw, () => options.hasSession(request));
    return reply;
  });

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: RECEIVER_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(RECEIVER_PATH, async (request, reply) => {
      const receiver = feed.receiver;
      if (!receiver) return sendError(request, reply, "unavailable", "Not subscribed yet.", 503);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (request.headers["service-webhook-id"] !== receiver.webhook_id) {
        return sendError(request, reply, "unauthorized", "Not an endpoint of this dashboard.");
      }
      const header = request.headers["service-signature"];
      const verdict = checkSignature(
        typeof header === "string" ? header : undefined,
        rawBody,
        [receiver.secret],
        nowSeconds(),
      );
      if (!verdict.ok) return sendError(request, reply, "unauthorized", verdict.reason);
      const envelope = Envelope.safeParse(parseJson(rawBody));
      if (!envelope.success) return sendError(request, reply, "validation_error", "Not an event envelope.");
      hub.publish(envelope.data);
      return reply.code(204).send();
    });
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
}
