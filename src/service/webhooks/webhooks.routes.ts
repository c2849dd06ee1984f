import {
  createReplay,
  createWebhook,
  deleteWebhook,
  getDelivery,
  getDeliveryRequest,
  getReplay,
  getWebhook,
  getWebhookHealth,
  listDeliveries,
  listDeliveryAttempts,
  listReplays,
  listWebhooks,
  redeliverDelivery,
  rollWebhookSecret,
  testWebhook,
  updateWebhook,
} from "../../contract/operations/webhooks.ts";
import { route } from "../platform/route.ts";
import * as deliveries from "./deliveries.service.ts";
import * as replays from "./replays.service.ts";
import * as service from "./webhooks.service.ts";

export function webhooksRoutes() {
  return [
    route(listWebhooks, (ctx) => service.listWebhooks(ctx, ctx.query)),
    route(createWebhook, (ctx) => service.createWebhook(ctx, ctx.body)),
    route(getWebhook, (ctx) => service.getWebhook(ctx, ctx.params)),
    route(updateWebhook, (ctx) => service.updateWebhook(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteWebhook, (ctx) => service.deleteWebhook(ctx, ctx.params)),
    route(rollWebhookSecret, (ctx) => service.rollSecret(ctx, ctx.params)),
    route(testWebhook, (ctx) => deliveries.sendTestEvent(ctx, { ...ctx.params, requestId: ctx.requestId })),
    route(listDeliveries, (ctx) => deliveries.listDeliveries(ctx, { ...ctx.params, ...ctx.query })),
    route(getDelivery, (ctx) => deliveries.getDelivery(ctx, ctx.params)),
    route(redeliverDelivery, (ctx) => deliveries.redeliver(ctx, ctx.params)),
    route(createReplay, (ctx) => replays.createReplay(ctx, { ...ctx.params, ...ctx.body })),
    route(getReplay, (ctx) => replays.getReplay(ctx, ctx.params)),
    route(listReplays, (ctx) => replays.listReplays(ctx, { ...ctx.params, ...ctx.query })),
    route(getWebhookHealth, (ctx) => deliveries.webhookHealth(ctx, ctx.params)),
    route(listDeliveryAttempts, (ctx) => deliveries.listAttempts(ctx, ctx.params)),
    route(getDeliveryRequest, (ctx) => deliveries.deliveryRequest(ctx, ctx.params)),
  ];
}
