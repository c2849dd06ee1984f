import {
  getDelivery,
  getDeliveryRequest,
  getReplay,
  getWebhook,
  getWebhookHealth,
  listDeliveries,
  listDeliveryAttempts,
  listReplays,
  listWebhooks,
} from "../../contract/operations/webhooks.ts";
import type { DeliveryStatus } from "../../contract/webhooks.ts";
import { apiInfiniteQuery, apiQuery, apiQueryAll, keyOf } from "./query.ts";

export const webhooksQuery = () => apiQueryAll(listWebhooks);
export const webhookQuery = (webhookId: string) => apiQuery(getWebhook, { params: { webhookId } });

/** An endpoint's deliveries, newest first, 25 a page; `status` narrows them to one state. */
export const deliveriesQuery = (webhookId: string, status?: DeliveryStatus) =>
  apiInfiniteQuery(listDeliveries, { params: { webhookId }, query: { limit: 25, status } });

/** Every cached page of an endpoint's deliveries, whatever their status filter (a prefix of their keys). */
export const deliveriesKey = (webhookId: string) => keyOf(listDeliveries, { params: { webhookId } });

/** One delivery attempt, polled while it is pending. */
export const deliveryQuery = (webhookId: string, deliveryId: string) => ({
  ...apiQuery(getDelivery, { params: { webhookId, deliveryId } }),
  refetchInterval: (query: { state: { data?: { status: string } } }) =>
    query.state.data?.status === "pending" ? 2_000 : false,
});

/** A replay, polled every second until it has queued its deliveries. */
export const replayQuery = (webhookId: string, replayId: string) => ({
  ...apiQuery(getReplay, { params: { webhookId, replayId } }),
  refetchInterval: (query: { state: { data?: { status: string } } }) =>
    query.state.data?.status === "completed" ? false : 1_000,
});

/** The key of an endpoint's health, to refresh it after queueing attempts (its `pending` count says they wait). */
export const webhookHealthKey = (webhookId: string) => keyOf(getWebhookHealth, { params: { webhookId } });

/** An endpoint's last 24 hours: outcomes per hour, success rate, latest delivery. Live updates refresh it. */
export const webhookHealthQuery = (webhookId: string) => ({
  ...apiQuery(getWebhookHealth, { params: { webhookId } }),
  // Attempts in flight settle within seconds; the rest changes with events, which refresh it anyway.
  refetchInterval: (query: { state: { data?: { pending: number } } }) =>
    (query.state.data?.pending ?? 0) > 0 ? 2_000 : 60_000,
});

/** Every attempt of a delivery's chain, attempt 1 first; followed while one is pending. */
export const deliveryAttemptsQuery = (webhookId: string, deliveryId: string) => ({
  ...apiQuery(listDeliveryAttempts, { params: { webhookId, deliveryId } }),
  refetchInterval: (query: { state: { data?: { data: { status: string }[] } } }) =>
    query.state.data?.data.some((d) => d.status === "pending") ? 2_000 : false,
});

/** The request of one attempt, as signed; it does not change once sent. */
export const deliveryRequestQuery = (webhookId: string, deliveryId: string) => ({
  ...apiQuery(getDeliveryRequest, { params: { webhookId, deliveryId } }),
  refetchInterval: (query: { state: { data?: { sent: boolean } } }) =>
    query.state.data && !query.state.data.sent ? 2_000 : false,
});

/** An endpoint's latest replays: closely while one is still finding its events, else now and then (no event tells). */
export const replaysQuery = (webhookId: string) => ({
  ...apiQuery(listReplays, { params: { webhookId }, query: { limit: 10 } }),
  refetchInterval: (query: { state: { data?: { data: { status: string }[] } } }) =>
    query.state.data?.data.some((r) => r.status !== "completed") ? 1_000 : 15_000,
});
