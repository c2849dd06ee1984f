import type { FastifyRequest } from "fastify";
import { FILE_KINDS } from "../../contract/files.ts";
import type { PublicFile, ShareAccess } from "../../contract/sharing.ts";
import { libraryAccess } from "../access/library-access.ts";
import { filesOnBoard } from "../boards/board-files.repository.ts";
import { listBoardFiles } from "../boards/board-files.service.ts";
import { checkedTimestamp } from "../comments/comment-input.ts";
import { commentEventData } from "../comments/comments.mapper.ts";
import { insertComment } from "../comments/comments.repository.ts";
import * as comments from "../comments/comments.service.ts";
import * as replies from "../comments/replies.service.ts";
import { ancestorsOf } from "../content/subtree.repository.ts";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { listFiles } from "../files/file-list.ts";
import { hasRendition, toFileBase } from "../files/files.mapper.ts";
import { type FileRow, findFile, renditionsOf } from "../files/files.repository.ts";
import { presentFile } from "../files/files.service.ts";
import { listFolders } from "../folders/folder-list.ts";
import { findFolder } from "../folders/folders.repository.ts";
import { hasPermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { ApiError, conflict, forbidden, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import type { PageRequest } from "../platform/paginate.ts";
import { consumeCounters, exceeded } from "../platform/rate-limits.ts";
import { actingAsCreator } from "../sharing/acting-as.ts";
import { claimPasswordAttempt } from "../sharing/password-throttle.ts";
import { verifyPassword } from "../sharing/passwords.ts";
import {
  accessTokenValid,
  issueAccessToken,
  passwordRequired,
  visitorUnauthorized,
} from "../sharing/public-tokens.ts";
import { listVersionRows } from "../versions/versions.repository.ts";
import { valuesInWords } from "./public-properties.ts";
import { type ShareRendition, shareRenditionUrl } from "./share-content-urls.ts";
import { requireShareTarget } from "./share-targets.ts";
import { linkExpired } from "./shared-links.mapper.ts";
import * as repo from "./shared-links.repository.ts";

const ACCESS_RANK: Record<ShareAccess, number> = { view: 0, comment: 1, download: 2 };

export interface Visit {
  deps: ServiceDeps;
  db: Db;
  token: string;
  /** `X-Access-Token`. */
  accessToken?: string;
}

export interface OpenShare {
  link: repo.SharedLinkRow;
  /** Runs as the link's creator: the ordinary visibility rules bound what the link shows. */
  ctx: ServiceContext;
  targetName: string;
  unlocked: boolean;
}

const gone = () => new ApiError("not_found", "This shared link does not exist or has been revoked.");

export const accessTokenOf = (request: FastifyRequest) => {
  const header = request.headers["x-access-token"];
  return typeof header === "string" ? header : undefined;
};

/** Unknown or revoked: 404. Expired: 410. A target that is gone or no longer visible to its creator: 404. */
async function openShare({ deps, db, token, accessToken }: Visit): Promise<OpenShare> {
  const share = await openLink(deps, db, await repo.findLinkByToken(db, token.slice(0, 100)));
  const { link } = share;
  const unlocked =
    !link.passwordHash ||
    accessTokenValid(deps.keyring.key("public-token"), link.id, link.passwordHash, accessToken);
  return { ...share, unlocked };
}

/**
 * A live link's share as its creator sees it, for a caller that has already proved it may read the content (a
 * signed URL issued after the password); the same 404 and 410 answers as a visit by token.
 */
export async function openLink(
  deps: ServiceDeps,
  db: Db,
  link: repo.SharedLinkRow | null,
): Promise<OpenShare> {
  if (!link) throw gone();
  if (linkExpired(link)) throw new ApiError("expired", "This shared link has expired.");
  const auth = await actingAsCreator(db, link.brandspaceId, link.createdById);
  if (!auth) throw gone();
  const ctx: ServiceContext = { db, deps, auth };
  const targetName = await requireShareTarget(ctx, { type: link.targetType, id: link.targetId }).catch(() => {
    throw gone();
  });
  return { link, ctx, targetName, unlocked: true };
}

/** A share whose content may be read: unlocked when it has a password. */
export async function openContent(visit: Visit) {
  const share = await openShare(visit);
  if (!share.unlocked) throw passwordRequired();
  return share;
}

export async function getPublicShare(visit: Visit & { countsView: boolean }) {
  const { link, ctx, targetName, unlocked } = await openShare(visit);
  // A view is an opening that shows the content: the password prompt before it does not count.
  if (unlocked && visit.countsView) await repo.countView(visit.db, link.id);
  return {
    object: "public_shared_link" as const,
    brandspace_name: ctx.auth.brandspace.name,
    target: { type: link.targetType, name: unlocked ? targetName : null },
    access: link.access,
    password_required: !unlocked,
    expires_at: link.expiresAt?.toISOString() ?? null,
    anonymous_comments: link.anonymousComments,
    show_versions: link.showVersions,
    show_properties: link.showProperties,
    display_mode: link.displayMode,
    board_views: link.boardViews as { default: "gallery" | "list"; allowed: ("gallery" | "list")[] },
    root_folder_id: link.targetType === "folder" && unlocked ? link.targetId : null,
    file_id: link.targetType === "file" && unlocked ? link.targetId : null,
  };
}

export async function unlockShare(visit: Visit & { password: string; client: string }) {
  const { link } = await openShare(visit);
  if (!link.passwordHash) throw conflict("This link has no password: open it without unlocking.");
  const attempt = await claimPasswordAttempt(visit.db, link.id, visit.client);
  if (!(await verifyPassword(visit.password, link.passwordHash))) {
    throw visitorUnauthorized("That password is not right.");
  }
  await attempt.release();
  return issueAccessToken(visit.deps.keyring.key("public-token"), link.id, link.passwordHash);
}

/** Whether a folder is the shared folder or inside it. */
async function folderInShare(db: Db, link: repo.SharedLinkRow, folderId: string) {
  const folder = await findFolder(db, link.brandspaceId, folderId);
  if (!folder || folder.trashedAt || folder.hiddenBy) return null;
  if (link.targetType === "library") return folder.libraryId === link.targetId ? folder : null;
  if (link.targetType !== "folder") return null;
  if (folder.id === link.targetId) return folder;
  const ancestors = await ancestorsOf(db, folder.id);
  return ancestors.some((a) => a.id === link.targetId) ? folder : null;
}

/** A file the share reaches: the shared file, a file on the shared board, or one inside the shared folder or library. */
/**
 * What a visitor is shown of a library, folder or board: every kind of file but pages, which have no bytes to
 * preview or download and reach the public only by being published (`/p/…`): an unpublished page is a draft.
 */
const SHARED_KINDS = FILE_KINDS.filter((kind) => kind !== "page");

export async function requireFileInShare({ link, ctx }: OpenShare, fileId: string): Promise<FileRow> {
  const file = await findFile(ctx.db, link.brandspaceId, fileId.slice(0, 100));
  if (!file || file.trashedAt || file.hiddenBy || file.kind === "page") throw notFound("file");
  const inside =
    link.targetType === "file"
      ? file.id === link.targetId
      : link.targetType === "board"
        ? (await filesOnBoard(ctx.db, link.targetId, [file.id])).has(file.id)
        : link.targetType === "library"
          ? file.libraryId === link.targetId
          : file.folderId !== null && (await folderInShare(ctx.db, link, file.folderId)) !== null;
  if (!inside) throw notFound("file");
  // A board gathers files from many libraries: a visitor, acting as the link's creator, sees only those of them
  // the creator can see (the board's listing already leaves the others out).
  if (link.targetType === "board" && !(await libraryAccess(ctx, file.libraryId))) throw notFound("file");
  return file;
}

/**
 * A visitor's URL of a rendition (null when the version has none): it names the link, so the link's revocation or
 * expiry stops it at once rather than after a member content URL's expiry.
 */
function visitorRenditionUrl(
  { link, ctx }: OpenShare,
  ref: { fileId: string; versionId: string | null; variant: ShareRendition; ready: boolean },
): string | null {
  if (!ref.ready || !ref.versionId) return null;
  return shareRenditionUrl(ctx.deps, ctx.auth.brandspace.region, link, {
    fileId: ref.fileId,
    versionId: ref.versionId,
    variant: ref.variant,
  });
}

function toPublicFile(
  share: OpenShare,
  base: {
    id: string;
    name: string;
    kind: PublicFile["kind"];
    extension: string;
    mime: string;
    size: number;
    duration_ms: number | null;
    resolution: string | null;
    folder_id: string | null;
    created_at: string;
    thumbnail_url: string | null;
    version: { active_number: number; active_id: string | null };
  },
  extra: Partial<Pick<PublicFile, "preview_url" | "scrub_url" | "versions" | "properties">> = {},
): PublicFile {
  return {
    object: "public_file",
    id: base.id,
    name: base.name,
    kind: base.kind,
    extension: base.extension,
    mime: base.mime,
    size: base.size,
    duration_ms: base.duration_ms,
    resolution: base.resolution,
    folder_id: base.folder_id,
    created_at: base.created_at,
    thumbnail_url: visitorRenditionUrl(share, {
      fileId: base.id,
      versionId: base.version.active_id,
      variant: "thumbnail",
      ready: base.thumbnail_url !== null,
    }),
    preview_url: extra.preview_url ?? null,
    scrub_url: extra.scrub_url ?? null,
    version_number: base.version.active_number,
    versions: extra.versions ?? null,
    properties: extra.properties ?? null,
  };
}

export async function listShareFiles(visit: Visit, query: PageRequest & { folder_id?: string }) {
  return shareFilePage(await openContent(visit), query);
}

/** One page of the files a share shows: at its top, or in a folder inside it. */
export async function shareFilePage(share: OpenShare, query: PageRequest & { folder_id?: string }) {
  const { link, ctx } = share;
  const page = { limit: query.limit, cursor: query.cursor, kind: SHARED_KINDS };
  const asPublic = <T extends { data: Parameters<typeof toPublicFile>[1][] }>(list: T) => ({
    object: "list" as const,
    has_more: (list as unknown as { has_more: boolean }).has_more,
    next_cursor: (list as unknown as { next_cursor: string | null }).next_cursor,
    data: list.data.map((f) => toPublicFile(share, f)),
  });
  if (link.targetType === "file") {
    const file = await requireFileInShare(share, link.targetId);
    const available = await renditionsOf(ctx.db, file.activeVersionId ? [file.activeVersionId] : []);
    const base = toFileBase(
      { deps: ctx.deps, region: ctx.auth.brandspace.region },
      file,
      hasRendition(available, file, "thumbnail"),
    );
    return { object: "list" as const, has_more: false, next_cursor: null, data: [toPublicFile(share, base)] };
  }
  if (link.targetType === "board") {
    if (query.folder_id !== undefined) throw notFound("folder");
    return asPublic(await listBoardFiles(ctx, { boardId: link.targetId, query: { ...page } }));
  }
  if (query.folder_id !== undefined) {
    if (!(await folderInShare(ctx.db, link, query.folder_id))) throw notFound("folder");
    return asPublic(await listFiles(ctx, { ...page, folder_id: query.folder_id }));
  }
  return asPublic(
    await listFiles(
      ctx,
      link.targetType === "folder"
        ? { ...page, folder_id: link.targetId }
        : { ...page, library_id: link.targetId },
    ),
  );
}

export async function listShareFolders(visit: Visit, query: PageRequest & { folder_id?: string }) {
  return shareFolderPage(await openContent(visit), query);
}

/** One page of the folders a share shows: at its top, or in a folder inside it. */
export async function shareFolderPage({ link, ctx }: OpenShare, query: PageRequest & { folder_id?: string }) {
  const page = { limit: query.limit, cursor: query.cursor };
  if (link.targetType === "file" || link.targetType === "board") {
    if (query.folder_id !== undefined) throw notFound("folder");
    return { object: "list" as const, has_more: false, next_cursor: null, data: [] };
  }
  if (query.folder_id !== undefined && !(await folderInShare(ctx.db, link, query.folder_id)))
    throw notFound("folder");
  const scope =
    query.folder_id !== undefined
      ? { folder_id: query.folder_id }
      : link.targetType === "folder"
        ? { folder_id: link.targetId }
        : { library_id: link.targetId };
  const list = await listFolders(ctx, { ...page, ...scope });
  return {
    ...list,
    data: list.data.map((f) => ({
      object: "public_folder" as const,
      id: f.id,
      name: f.name,
      parent_id: f.id === link.targetId ? null : f.parent_id,
    })),
  };
}

export async function getShareFile(visit: Visit & { fileId: string }) {
  const share = await openContent(visit);
  const { link, ctx } = share;
  const row = await requireFileInShare(share, visit.fileId);
  const file = await presentFile(ctx, row);
  const versions = link.showVersions ? await publicVersions(share, row) : null;
  const activeUrl = (variant: ShareRendition, memberUrl: string | null) =>
    visitorRenditionUrl(share, {
      fileId: file.id,
      versionId: file.version.active_id,
      variant,
      ready: memberUrl !== null,
    });
  return toPublicFile(share, file, {
    preview_url: activeUrl("preview", file.renditions.preview_url),
    scrub_url: activeUrl("scrub", file.renditions.scrub_url),
    versions,
    properties: link.showProperties ? await valuesInWords(ctx.db, file.properties) : null,
  });
}

async function publicVersions(share: OpenShare, file: FileRow) {
  const rows = await listVersionRows(share.ctx.db, file.id, 100, null);
  const available = await renditionsOf(
    share.ctx.db,
    rows.map((r) => r.id),
  );
  const url = (versionId: string, variant: "thumbnail" | "preview") =>
    visitorRenditionUrl(share, {
      fileId: file.id,
      versionId,
      variant,
      ready: available.some((r) => r.versionId === versionId && r.kind === variant),
    });
  return rows.map((v) => ({
    object: "public_version" as const,
    id: v.id,
    version_number: v.versionNumber,
    size: v.size,
    mime: v.mime,
    created_at: v.createdAt.toISOString(),
    is_active: v.id === file.activeVersionId,
    thumbnail_url: url(v.id, "thumbnail"),
    preview_url: url(v.id, "preview"),
  }));
}

/** `download` links whose creator may still download: 403 otherwise. */
export function requireDownloadAccess({ link, ctx }: OpenShare) {
  if (link.access !== "download" || !hasPermission(ctx.auth, "files.download"))
    throw forbidden("This shared link does not allow downloads.");
}

/** A visitor's download counts on the brandspace's `downloads` counter: 429 once it is exhausted. */
export async function countPublicDownload({ link, ctx }: OpenShare) {
  const states = await consumeCounters(
    ctx.deps.rateCounters,
    link.brandspaceId,
    ["downloads"],
    ctx.deps.config.rateLimits,
  );
  const over = exceeded(states);
  if (over) throw over;
}

/** `comment` access shows comments; so does `anonymous_comments`, which asks visitors to join in, on any link. */
function requireCommentAccess(link: repo.SharedLinkRow) {
  if (ACCESS_RANK[link.access] < ACCESS_RANK.comment && !link.anonymousComments)
    throw forbidden("This shared link does not show comments.");
}

export async function listShareComments(visit: Visit & { fileId: string } & PageRequest) {
  const share = await openContent(visit);
  requireCommentAccess(share.link);
  const file = await requireFileInShare(share, visit.fileId);
  return comments.listComments(share.ctx, { fileId: file.id, limit: visit.limit, cursor: visit.cursor });
}

export async function listShareReplies(visit: Visit & { fileId: string; commentId: string } & PageRequest) {
  const share = await openContent(visit);
  requireCommentAccess(share.link);
  const file = await requireFileInShare(share, visit.fileId);
  return replies.listReplies(share.ctx, {
    fileId: file.id,
    commentId: visit.commentId,
    limit: visit.limit,
    cursor: visit.cursor,
  });
}

/** A visitor's comment on the active version: author null, `anonymous_name`, actor `anonymous`. */
export async function createShareComment(
  visit: Visit & {
    fileId: string;
    body: { anonymous_name: string; text: string; timestamp_ms?: number | null };
  },
) {
  const share = await openContent(visit);
  requireCommentAccess(share.link);
  if (!share.link.anonymousComments) throw forbidden("This shared link does not take comments.");
  const file = await requireFileInShare(share, visit.fileId);
  if (!file.activeVersionId) throw notFound("version");
  const row = await insertComment(visit.db, {
    id: newId("comment"),
    brandspaceId: share.link.brandspaceId,
    fileId: file.id,
    versionId: file.activeVersionId,
    authorId: null,
    anonymousName: visit.body.anonymous_name,
    text: visit.body.text,
    timestampMs: checkedTimestamp(visit.body.timestamp_ms),
    annotations: [],
    mentionIds: [],
  });
  const comment = await comments.presentComment(share.ctx, row);
  await emit(visit.db, {
    brandspaceId: share.link.brandspaceId,
    type: "comment.created",
    actor: actors.anonymous(),
    data: commentEventData(comment),
  });
  return comment;
}
