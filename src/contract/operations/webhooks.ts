import { z } from "zod";
import { deletionOf, listOf, PaginationQuery } from "../common.ts";
import { defineOperation } from "../operation.ts";
import {
  CreateReplayBody,
  CreateWebhookBody,
  DELIVERY_STATUSES,
  Delivery,
  DeliveryRequest,
  Replay,
  UpdateWebhookBody,
  Webhook,
  WebhookHealth,
  WebhookSecret,
  WebhookWithSecret,
} from "../webhooks.ts";

const WebhookParams = z.strictObject({ webhookId: z.string() });
const DeliveryParams = z.strictObject({ webhookId: z.string(), deliveryId: z.string() });
const ReplayParams = z.strictObject({ webhookId: z.string(), replayId: z.string() });
const base = { plane: "regional", auth: "key", tag: "Webhooks" } as const;

export const listWebhooks = defineOperation({
  ...base,
  id: "listWebhooks",
  method: "GET",
  path: "/v1/webhooks",
  scope: "webhooks:read",
  summary: "The brandspace's webhook endpoints, newest first.",
  query: PaginationQuery,
  status: 200,
  response: listOf(Webhook),
});

export const createWebhook = defineOperation({
  ...base,
  id: "createWebhook",
  method: "POST",
  path: "/v1/webhooks",
  scope: "webhooks:write",
  summary: "Create a webhook endpoint; the answer is the only one besides a roll that shows its secret.",
  body: CreateWebhookBody,
  status: 201,
  response: WebhookWithSecret,
});

export const getWebhook = defineOperation({
  ...base,
  id: "getWebhook",
  method: "GET",
  path: "/v1/webhooks/{webhookId}",
  scope: "webhooks:read",
  summary: "A webhook endpoint.",
  params: WebhookParams,
  status: 200,
  response: Webhook,
});

export const updateWebhook = defineOperation({
  ...base,
  id: "updateWebhook",
  method: "PATCH",
  path: "/v1/webhooks/{webhookId}",
  scope: "webhooks:write",
  summary: "Change the URL, description or events, or enable (sending parked deliveries) or disable it.",
  params: WebhookParams,
  body: UpdateWebhookBody,
  status: 200,
  response: Webhook,
});

export const deleteWebhook = defineOperation({
  ...base,
  id: "deleteWebhook",
  method: "DELETE",
  path: "/v1/webhooks/{webhookId}",
  scope: "webhooks:write",
  summary: "Delete a webhook endpoint with its delivery history.",
  params: WebhookParams,
  status: 200,
  response: deletionOf("webhook"),
});

export const rollWebhookSecret = defineOperation({
  ...base,
  id: "rollWebhookSecret",
  method: "POST",
  path: "/v1/webhooks/{webhookId}/roll-secret",
  scope: "webhooks:write",
  summary: "Replace the signing secret; for 24 hours both secrets sign, the new one first.",
  params: WebhookParams,
  status: 200,
  response: WebhookSecret,
});

export const testWebhook = defineOperation({
  ...base,
  id: "testWebhook",
  method: "POST",
  path: "/v1/webhooks/{webhookId}/test",
  scope: "webhooks:write",
  summary: "Send a webhook.test event to this endpoint only.",
  params: WebhookParams,
  status: 202,
  response: Delivery,
});

export const listDeliveries = defineOperation({
  ...base,
  id: "listDeliveries",
  method: "GET",
  path: "/v1/webhooks/{webhookId}/deliveries",
  scope: "webhooks:read",
  summary: "Delivery attempts of an endpoint, newest first.",
  params: WebhookParams,
  query: PaginationQuery.extend({ status: z.enum(DELIVERY_STATUSES).optional() }),
  status: 200,
  response: listOf(Delivery),
});

export const getDelivery = defineOperation({
  ...base,
  id: "getDelivery",
  method: "GET",
  path: "/v1/webhooks/{webhookId}/deliveries/{deliveryId}",
  scope: "webhooks:read",
  summary: "One delivery attempt.",
  params: DeliveryParams,
  status: 200,
  response: Delivery,
});

export const redeliverDelivery = defineOperation({
  ...base,
  id: "redeliverDelivery",
  method: "POST",
  path: "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
  scope: "webhooks:write",
  summary: "Send the same event again as a new delivery (attempt 1, fresh signature).",
  params: DeliveryParams,
  status: 202,
  response: Delivery,
});

export const createReplay = defineOperation({
  ...base,
  id: "createReplay",
  method: "POST",
  path: "/v1/webhooks/{webhookId}/replays",
  scope: "webhooks:write",
  summary: "Deliver again the endpoint's events of a time range (events are kept 30 days).",
  params: WebhookParams,
  body: CreateReplayBody,
  status: 202,
  response: Replay,
});

export const getReplay = defineOperation({
  ...base,
  id: "getReplay",
  method: "GET",
  path: "/v1/webhooks/{webhookId}/replays/{replayId}",
  scope: "webhooks:read",
  summary: "A replay and how many events it queued.",
  params: ReplayParams,
  status: 200,
  response: Replay,
});

export const getWebhookHealth = defineOperation({
  ...base,
  id: "getWebhookHealth",
  method: "GET",
  path: "/v1/webhooks/{webhookId}/health",
  scope: "webhooks:read",
  summary:
    "The endpoint's last 24 hours: attempts, successes and failures per hour, and its latest delivery.",
  params: WebhookParams,
  status: 200,
  response: WebhookHealth,
});

export const listDeliveryAttempts = defineOperation({
  ...base,
  id: "listDeliveryAttempts",
  method: "GET",
  path: "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/attempts",
  scope: "webhooks:read",
  summary: "Every attempt of the delivery's chain (its retries), attempt 1 first; at most 6, one page.",
  params: DeliveryParams,
  status: 200,
  response: listOf(Delivery),
});

export const getDeliveryRequest = defineOperation({
  ...base,
  id: "getDeliveryRequest",
  method: "GET",
  path: "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/request",
  scope: "webhooks:read",
  summary:
    "The HTTP request of this attempt: URL, headers and body as signed; 404 once its event is no longer kept (30 days).",
  params: DeliveryParams,
  status: 200,
  response: DeliveryRequest,
});

export const listReplays = defineOperation({
  ...base,
  id: "listReplays",
  method: "GET",
  path: "/v1/webhooks/{webhookId}/replays",
  scope: "webhooks:read",
  summary: "The endpoint's replays, newest first.",
  params: WebhookParams,
  query: PaginationQuery,
  status: 200,
  response: listOf(Replay),
});

export const webhookOperations = [
  listWebhooks,
  createWebhook,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  rollWebhookSecret,
  testWebhook,
  listDeliveries,
  getDelivery,
  redeliverDelivery,
  createReplay,
  getReplay,
  getWebhookHealth,
  listDeliveryAttempts,
  getDeliveryRequest,
  listReplays,
];
