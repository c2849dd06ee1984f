import { randomUUID } from "node:crypto";
import { type Dispatcher, request } from "undici";
import { DASHBOARD_RECEIVER_DESCRIPTION } from "../../shared/dashboard-receiver.ts";
import type { UpstreamHosts } from "../upstream-hosts.ts";
import { type ReceiverState, readReceiverState, writeReceiverState } from "./receiver-state.ts";

interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret?: string;
}

export interface RegistrationOptions {
  hosts: UpstreamHosts;
  apiKey: string;
  dispatcher: Dispatcher;
  dataDir: string;
  /** Where the service reaches this dashboard's receiver, e.g. `http://127.0.0.1:3000/api/webhook-receiver`. */
  receiverUrl: string;
}

export class RegistrationError extends Error {}

/** A small client of the regional API with the dashboard's key (no retry of its own; the caller retries). */
function regionalApi(options: RegistrationOptions) {
  return async <T>(method: Dispatcher.HttpMethod, path: string, body?: unknown): Promise<T | null> => {
    const response = await request(`${await options.hosts.regionalUrl()}${path}`, {
      method,
      dispatcher: options.dispatcher,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "POST" ? { "idempotency-key": randomUUID() } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.body.text();
    if (response.statusCode === 404) return null;
    if (response.statusCode >= 300) {
      throw new RegistrationError(`${method} ${path} answered ${response.statusCode}: ${text.slice(0, 300)}`);
    }
    return text ? (JSON.parse(text) as T) : null;
  };
}

/**
 * Makes sure the service has exactly one endpoint of ours, enabled, for every event type, at our receiver URL,
 * and that we hold its secret. Reuses the endpoint we registered before (moving it when our address changed);
 * an endpoint at our URL whose secret we lost gets a rolled secret; otherwise a new one is created.
 */
export async function ensureReceiverEndpoint(options: RegistrationOptions): Promise<ReceiverState> {
  const api = regionalApi(options);
  const known = await readReceiverState(options.dataDir);
  const existing = known ? await api<WebhookRecord>("GET", `/v1/webhooks/${known.webhook_id}`) : null;
  if (known && existing) {
    const current = existing.url === options.receiverUrl && existing.enabled && isEveryEvent(existing.events);
    if (!current) {
      await api("PATCH", `/v1/webhooks/${existing.id}`, {
        url: options.receiverUrl,
        events: ["*"],
        enabled: true,
      });
    }
    return known;
  }

  const atOurUrl = await findEndpointAt(api, options.receiverUrl);
  let state: ReceiverState;
  if (atOurUrl) {
    const rolled = await api<{ secret: string }>("POST", `/v1/webhooks/${atOurUrl.id}/roll-secret`, {});
    if (!atOurUrl.enabled || !isEveryEvent(atOurUrl.events)) {
      await api("PATCH", `/v1/webhooks/${atOurUrl.id}`, { events: ["*"], enabled: true });
    }
    state = { webhook_id: atOurUrl.id, secret: rolled!.secret };
  } else {
    const created = await api<WebhookRecord>("POST", "/v1/webhooks", {
      url: options.receiverUrl,
      events: ["*"],
      description: DASHBOARD_RECEIVER_DESCRIPTION,
    });
    state = { webhook_id: created!.id, secret: created!.secret! };
  }
  await writeReceiverState(options.dataDir, state);
  return state;
}

const isEveryEvent = (events: string[]) => events.length === 1 && events[0] === "*";

async function findEndpointAt(
  api: ReturnType<typeof regionalApi>,
  url: string,
): Promise<WebhookRecord | null> {
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : "?limit=100";
    const page = await api<{ data: WebhookRecord[]; has_more: boolean; next_cursor: string | null }>(
      "GET",
      `/v1/webhooks${query}`,
    );
    const match = page?.data.find((webhook) => webhook.url === url);
    if (match) return match;
    cursor = page?.has_more ? page.next_cursor : null;
  } while (cursor);
  return null;
}
