import {
  createReplay,
  createWebhook,
  deleteWebhook,
  getDelivery,
  getReplay,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliverDelivery,
  rollWebhookSecret,
  testWebhook,
  updateWebhook,
} from "../../contract/operations/webhooks.ts";
import { toPage } from "../platform/cursor.ts";
import { route } from "../platform/route.ts";
import { listDeliveryRows } from "./deliveries.repository.ts";
import * as deliveries from "./deliveries.service.ts";
import { toDelivery } from "./delivery-rows.ts";
import * as replays from "./replays.service.ts";
import { listWebhookRows } from "./webhooks.repository.ts";
import * as service from "./webhooks.service.ts";

const keyOf = (row: { createdAt: Date; id: string }) => [row.createdAt.toISOString(), row.id];

export function webhooksRoutes() {
  return [
    route(listWebhooks, async ({ auth, db, deps, query }) => {
      const listing = `webhooks:${auth.brandspace.id}`;
      const after = query.cursor ? (deps.cursors.decode(listing, query.cursor) as [string, string]) : null;
      const rows = await listWebhookRows(db, auth.brandspace.id, query.limit + 1, after);
      return toPage(rows, query.limit, { codec: deps.cursors, listing, keyOf, toItem: service.toWebhook });
    }),
    route(createWebhook, ({ auth, db, deps, body }) => service.createWebhook(deps, db, auth, body)),
    route(getWebhook, async ({ auth, db, params }) =>
      service.toWebhook(await service.requireWebhook(db, auth, params.webhookId)),
    ),
    route(updateWebhook, ({ auth, db, deps, params, body }) =>
      service.updateWebhook(deps, db, auth, params.webhookId, body),
    ),
    route(deleteWebhook, ({ auth, db, params }) => service.deleteWebhook(db, auth, params.webhookId)),
    route(rollWebhookSecret, ({ auth, db, deps, params }) =>
      service.rollSecret(deps, db, auth, params.webhookId),
    ),
    route(testWebhook, ({ auth, db, params, requestId }) =>
      deliveries.sendTestEvent(db, auth, params.webhookId, requestId),
    ),
    route(listDeliveries, async ({ auth, db, deps, params, query }) => {
      await service.requireWebhook(db, auth, params.webhookId);
      const listing = `deliveries:${params.webhookId}:${query.status ?? ""}`;
      const after = query.cursor ? (deps.cursors.decode(listing, query.cursor) as [string, string]) : null;
      const rows = await listDeliveryRows(db, params.webhookId, {
        status: query.status,
        limit: query.limit + 1,
        after,
      });
      return toPage(rows, query.limit, { codec: deps.cursors, listing, keyOf, toItem: toDelivery });
    }),
    route(getDelivery, ({ auth, db, params }) =>
      deliveries.getDelivery(db, auth, params.webhookId, params.deliveryId),
    ),
    route(redeliverDelivery, ({ auth, db, params }) =>
      deliveries.redeliver(db, auth, params.webhookId, params.deliveryId),
    ),
    route(createReplay, ({ auth, db, params, body }) =>
      replays.createReplay(db, auth, params.webhookId, body),
    ),
    route(getReplay, ({ auth, db, params }) =>
      replays.getReplay(db, auth, params.webhookId, params.replayId),
    ),
  ];
}
