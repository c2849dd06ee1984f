import type { EventType } from "../../contract/events.ts";
import type { CreateSharedLinkBody, UpdateSharedLinkBody } from "../../contract/sharing.ts";
import { DEFAULT_BOARD_VIEWS } from "../../contract/sharing.ts";
import { visibleBoards } from "../access/board-access.ts";
import { visibleLibraries } from "../access/library-access.ts";
import { requireFile } from "../files/file-access.ts";
import { hasPermission, requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { forbidden, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { hashPassword } from "../sharing/passwords.ts";
import { newPublicToken } from "../sharing/public-tokens.ts";
import { requireShareTarget, requireVisibleShareTarget } from "./share-targets.ts";
import { sharedLinkEventData, toSharedLink } from "./shared-links.mapper.ts";
import * as repo from "./shared-links.repository.ts";

type LinkRef = { linkId: string };

async function present(ctx: ServiceContext, rows: repo.SharedLinkRow[]) {
  const names = await repo.targetNames(
    ctx.db,
    rows.map((r) => ({ type: r.targetType, id: r.targetId })),
  );
  return rows.map((row) =>
    toSharedLink(row, names.get(`${row.targetType}:${row.targetId}`) ?? null, ctx.deps.config.visitorUrl),
  );
}

async function emitLink(ctx: ServiceContext, type: EventType, row: repo.SharedLinkRow) {
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type,
    actor: actors.user(ctx.auth),
    data: sharedLinkEventData(row),
  });
  return (await present(ctx, [row]))[0]!;
}

/** A link whose target the caller can see (in the trash too); invisible targets make the link 404 too. */
async function requireLink(ctx: ServiceContext, { linkId }: LinkRef) {
  const row = await repo.findLink(ctx.db, ctx.auth.brandspace.id, linkId);
  if (!row) throw notFound("shared link");
  await requireVisibleShareTarget(ctx, { type: row.targetType, id: row.targetId }).catch(() => {
    throw notFound("shared link");
  });
  return row;
}

/** Its creator, or a role with `shared_links.manage`, changes a link. */
function requireManager(ctx: ServiceContext, row: repo.SharedLinkRow) {
  if (row.createdById !== ctx.auth.user.id && !hasPermission(ctx.auth, "shared_links.manage"))
    throw forbidden("Only the link's creator or a role with shared_links.manage can change this link.");
}

export async function createSharedLink(ctx: ServiceContext, body: CreateSharedLinkBody) {
  await requireShareTarget(ctx, body.target);
  requirePermission(ctx.auth, "shared_links.create", "create shared links");
  const access = body.access ?? "view";
  if (access === "download") requirePermission(ctx.auth, "files.download", "share downloads");
  const anonymousComments = body.anonymous_comments ?? false;
  const row = await repo.insertLink(ctx.db, {
    id: newId("sharedLink"),
    brandspaceId: ctx.auth.brandspace.id,
    token: newPublicToken(),
    targetType: body.target.type,
    targetId: body.target.id,
    access,
    passwordHash: body.password ? await hashPassword(body.password) : null,
    expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    anonymousComments,
    showVersions: body.show_versions ?? false,
    showProperties: body.show_properties ?? false,
    displayMode: body.display_mode ?? "grid",
    boardViews: body.board_views ?? DEFAULT_BOARD_VIEWS,
    createdById: ctx.auth.user.id,
  });
  return emitLink(ctx, "shared_link.created", row);
}

export async function listSharedLinks(
  ctx: ServiceContext,
  { target_type, ...page }: PageRequest & { target_type?: repo.TargetType },
) {
  const visible = repo.visibleTargets(ctx.db, visibleLibraries(ctx), visibleBoards(ctx));
  return paginate(ctx.deps.cursors, page, {
    name: `shared-links:${target_type ?? ""}`,
    fetch: (limit, after: repo.Position | null) =>
      repo.listLinks(
        ctx.db,
        { brandspaceId: ctx.auth.brandspace.id, targetType: target_type, visible },
        limit,
        after,
      ),
    keyOf: (row): repo.Position => [row.createdAt.toISOString(), row.id],
    present: (rows) => present(ctx, rows),
  });
}

export async function listFileSharedLinks(
  ctx: ServiceContext,
  { fileId, ...page }: PageRequest & { fileId: string },
) {
  await requireFile(ctx, fileId, "view");
  return paginate(ctx.deps.cursors, page, {
    name: `file-shared-links:${fileId}`,
    fetch: (limit, after: repo.Position | null) =>
      repo.listLinks(ctx.db, { brandspaceId: ctx.auth.brandspace.id, fileId }, limit, after),
    keyOf: (row): repo.Position => [row.createdAt.toISOString(), row.id],
    present: (rows) => present(ctx, rows),
  });
}

export async function getSharedLink(ctx: ServiceContext, ref: LinkRef) {
  return (await present(ctx, [await requireLink(ctx, ref)]))[0]!;
}

export async function updateSharedLink(
  ctx: ServiceContext,
  { changes, ...ref }: LinkRef & { changes: UpdateSharedLinkBody },
) {
  const row = await requireLink(ctx, ref);
  requireManager(ctx, row);
  const access = changes.access ?? row.access;
  if (access === "download" && row.access !== "download")
    requirePermission(ctx.auth, "files.download", "share downloads");
  const { password, expires_at } = changes;
  const changed = changedFields(row, {
    access: changes.access,
    anonymousComments: changes.anonymous_comments,
    // A new password never equals the stored hash (a new salt each time): sending one is always a change.
    passwordHash: typeof password === "string" ? await hashPassword(password) : password,
    expiresAt: typeof expires_at === "string" ? new Date(expires_at) : expires_at,
    showVersions: changes.show_versions,
    showProperties: changes.show_properties,
    displayMode: changes.display_mode,
    boardViews: changes.board_views,
  });
  if (!changed) return (await present(ctx, [row]))[0]!;
  const updated = await repo.updateLink(ctx.db, row.id, changed);
  return emitLink(ctx, "shared_link.updated", updated);
}

/** Revokes for good: the row stays so that its token is never served again. */
export async function deleteSharedLink(ctx: ServiceContext, ref: LinkRef) {
  const row = await requireLink(ctx, ref);
  requireManager(ctx, row);
  const revoked = await repo.updateLink(ctx.db, row.id, { revokedAt: new Date() });
  await emitLink(ctx, "shared_link.deleted", revoked);
  return {
    object: "shared_link" as const,
    id: row.id,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}
