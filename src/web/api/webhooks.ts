import {
  getDelivery,
  getReplay,
  getWebhook,
  listDeliveries,
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
