import {
  getDelivery,
  getReplay,
  getWebhook,
  listDeliveries,
  listWebhooks,
} from "../../contract/operations/webhooks.ts";
import type { DeliveryStatus } from "../../contract/webhooks.ts";
import { apiInfiniteQuery, apiQuery, apiQueryAll } from "./query.ts";

export const webhooksQuery = () => apiQueryAll(listWebhooks);
export const webhookQuery = (webhookId: string) => apiQuery(getWebhook, { params: { webhookId } });

/** An endpoint's deliveries, newest first, 25 a page; `status` narrows them to one state. */
export const deliveriesQuery = (webhookId: string, status?: DeliveryStatus) =>
  apiInfiniteQuery(listDeliveries, { params: { webhookId }, query: { limit: 25, status } });

export const deliveryQuery = (webhookId: string, deliveryId: string) =>
  apiQuery(getDelivery, { params: { webhookId, deliveryId } });

export const replayQuery = (webhookId: string, replayId: string) =>
  apiQuery(getReplay, { params: { webhookId, replayId } });
