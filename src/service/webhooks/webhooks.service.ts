import type { CreateWebhookBody, UpdateWebhookBody, Webhook } from "../../contract/webhooks.ts";
import { type AuthContext, hasPermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { CallerContext, ServiceContext } from "../platform/context.ts";
import { forbidden, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { unparkWebhook } from "./deliveries.repository.ts";
import { kickDispatch } from "./dispatch.ts";
import { newWebhookSecret, sealSecret, secretHint } from "./secret-box.ts";
import { checkWebhookUrl } from "./url-policy.ts";
import * as repo from "./webhooks.repository.ts";

export const SECRET_OVERLAP_MS = 24 * 3_600_000;

type WebhookRef = { webhookId: string };

export function toWebhook(row: repo.WebhookRow): Webhook {
  return {
    object: "webhook",
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    status: row.enabled ? "enabled" : "disabled",
    disabled_reason: row.enabled ? null : (row.disabledReason ?? "manual"),
    secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Reading endpoints, deliveries and replays needs `webhooks.manage` too: they hold endpoint URLs, response
 * excerpts and event bodies. Checked before the endpoint is looked up: a member without it gets 403 for any id,
 * so its answers do not tell which endpoint ids exist.
 */
export function requireManage(auth: AuthContext): void {
  if (!hasPermission(auth, "webhooks.manage")) throw forbidden("Your role cannot manage webhooks.");
}

/** An endpoint of the caller's brandspace, or 404. */
export async function requireWebhook(
  { db, auth }: CallerContext,
  webhookId: string,
): Promise<repo.WebhookRow> {
  requireManage(auth);
  const row = await repo.findWebhook(db, auth.brandspace.id, webhookId);
  if (!row) throw notFound("webhook");
  return row;
}

/** The brandspace's endpoints, newest first. */
export function listWebhooks(ctx: ServiceContext, page: PageRequest) {
  requireManage(ctx.auth);
  return paginate(ctx.deps.cursors, page, {
    name: `webhooks:${ctx.auth.brandspace.id}`,
    fetch: (limit, after: [string, string] | null) =>
      repo.listWebhookRows(ctx.db, ctx.auth.brandspace.id, limit, after),
    keyOf: (row) => [row.createdAt.toISOString(), row.id],
    present: (rows) => rows.map(toWebhook),
  });
}

export async function getWebhook(ctx: ServiceContext, { webhookId }: WebhookRef) {
  return toWebhook(await requireWebhook(ctx, webhookId));
}

export async function createWebhook({ db, deps, auth }: ServiceContext, input: CreateWebhookBody) {
  requireManage(auth);
  await checkWebhookUrl(input.url, deps.config);
  const secret = newWebhookSecret();
  const enabled = input.enabled ?? true;
  const row = await repo.insertWebhook(db, {
    id: newId("webhook"),
    brandspaceId: auth.brandspace.id,
    url: input.url,
    description: input.description ?? null,
    events: input.events,
    enabled,
    disabledReason: enabled ? null : "manual",
    secretSealed: sealSecret(deps.keyring.key("webhook-encryption"), secret),
    secretHint: secretHint(secret),
  });
  return { ...toWebhook(row), secret };
}

export async function updateWebhook(
  { db, deps, auth }: ServiceContext,
  { webhookId, changes }: WebhookRef & { changes: UpdateWebhookBody },
) {
  requireManage(auth);
  const current = await repo.lockWebhook(db, auth.brandspace.id, webhookId);
  if (!current) throw notFound("webhook");
  if (changes.url !== undefined) await checkWebhookUrl(changes.url, deps.config);
  const { url, description, events, enabled } = changes;
  if (!changedFields(current, { url, description, events, enabled })) return toWebhook(current);
  const enabling = changes.enabled === true && !current.enabled;
  const row = await repo.updateWebhookRow(db, auth.brandspace.id, webhookId, {
    url: changes.url,
    description: changes.description,
    events: changes.events,
    ...(changes.enabled === undefined
      ? {}
      : {
          enabled: changes.enabled,
          disabledReason: changes.enabled ? null : current.enabled ? "manual" : current.disabledReason,
        }),
  });
  if (enabling) {
    await unparkWebhook(db, webhookId);
    await kickDispatch(db);
  }
  return toWebhook(row!);
}

export async function deleteWebhook(ctx: ServiceContext, { webhookId }: WebhookRef) {
  await requireWebhook(ctx, webhookId);
  if (!(await repo.deleteWebhookRow(ctx.db, ctx.auth.brandspace.id, webhookId))) throw notFound("webhook");
  return {
    object: "webhook" as const,
    id: webhookId,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}

/** A new current secret; the old one keeps signing (second) for 24 h. */
export async function rollSecret({ db, deps, auth }: ServiceContext, { webhookId }: WebhookRef) {
  requireManage(auth);
  const current = await repo.lockWebhook(db, auth.brandspace.id, webhookId);
  if (!current) throw notFound("webhook");
  const secret = newWebhookSecret();
  await repo.updateWebhookRow(db, auth.brandspace.id, webhookId, {
    secretSealed: sealSecret(deps.keyring.key("webhook-encryption"), secret),
    secretHint: secretHint(secret),
    previousSecretSealed: current.secretSealed,
    previousSecretExpiresAt: new Date(Date.now() + SECRET_OVERLAP_MS),
  });
  return { object: "webhook_secret" as const, secret };
}
