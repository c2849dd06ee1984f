import type { EventType } from "../../contract/events.ts";
import type { CreatePageBody, PageContent, PageListQuery, UpdatePageBody } from "../../contract/pages.ts";
import { EMPTY_PAGE, PAGE_MIME } from "../../contract/pages.ts";
import { inVisibleLibraries, requireLibraryAccess } from "../access/library-access.ts";
import { insertFile } from "../content/content.repository.ts";
import { requireCreationPlace } from "../content/creation-place.ts";
import { files } from "../db/schema/index.ts";
import { requireFile } from "../files/file-access.ts";
import { fileEventData } from "../files/files.mapper.ts";
import { deleteFileRow, updateFileRow } from "../files/files.repository.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import { requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { paginate } from "../platform/paginate.ts";
import { newPublicToken } from "../sharing/public-tokens.ts";
import { resolveReferences } from "./page-references.ts";
import { pageEventData, pageUpdatedAtOf, toPage } from "./pages.mapper.ts";
import * as repo from "./pages.repository.ts";

type PageRef = { pageId: string };

const sizeOf = (content: PageContent) => Buffer.byteLength(JSON.stringify(content));

/** A page the caller can see with `needed` access to its library; any other id, or a file that is no page: 404. */
async function requirePage(ctx: ServiceContext, { pageId }: PageRef, needed: "view" | "edit" = "view") {
  await requireFile(ctx, pageId, needed).catch((error) => {
    throw error.code === "not_found" ? notFound("page") : error;
  });
  const row = await repo.findPage(ctx.db, ctx.auth.brandspace.id, pageId);
  if (!row) throw notFound("page");
  return row;
}

async function present(ctx: ServiceContext, row: repo.PageRow) {
  return toPage(
    row,
    ctx.deps.config.visitorUrl,
    await resolveReferences(ctx, row.page.content as PageContent),
  );
}

async function emitPage(ctx: ServiceContext, type: EventType, row: repo.PageRow) {
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type,
    actor: actors.user(ctx.auth),
    data: pageEventData(row),
  });
}

export async function createPage(ctx: ServiceContext, body: CreatePageBody) {
  const place = await requireCreationPlace(ctx, body);
  requirePermission(ctx.auth, "pages.create", "create pages");
  const content = body.content ?? EMPTY_PAGE;
  const id = newId("file");
  await insertFile(ctx.db, {
    id,
    brandspaceId: ctx.auth.brandspace.id,
    libraryId: place.libraryId,
    folderId: place.folderId,
    name: body.title,
    extension: "page",
    kind: "page",
    mime: PAGE_MIME,
    size: sizeOf(content),
    status: "ready",
    activeVersionId: null,
    activeNumber: 0,
    versionCount: 0,
    createdById: ctx.auth.user.id,
  });
  await repo.insertPageRow(ctx.db, {
    fileId: id,
    brandspaceId: ctx.auth.brandspace.id,
    content,
    contentSavedById: ctx.auth.user.id,
  });
  const row = (await repo.findPage(ctx.db, ctx.auth.brandspace.id, id))!;
  await emitPage(ctx, "page.created", row);
  return present(ctx, row);
}

export async function listPages(
  ctx: ServiceContext,
  { library_id, folder_id, published, ...page }: PageListQuery,
) {
  if (library_id) await requireLibraryAccess(ctx, library_id, "view");
  if (folder_id) await requireActiveFolder(ctx, folder_id, "view");
  const visible = await inVisibleLibraries(ctx, files.libraryId);
  return paginate(ctx.deps.cursors, page, {
    name: `pages:${library_id ?? ""}:${folder_id ?? ""}:${published ?? ""}`,
    fetch: (limit, after: repo.Position | null) =>
      repo.listPageRows(
        ctx.db,
        {
          brandspaceId: ctx.auth.brandspace.id,
          libraryId: library_id,
          folderId: folder_id,
          published,
          visible,
        },
        limit,
        after,
      ),
    keyOf: (row): repo.Position => [pageUpdatedAtOf(row).toISOString(), row.file.id],
    present: (rows) => rows.map((row) => toPage(row, ctx.deps.config.visitorUrl, null)),
  });
}

export async function getPage(ctx: ServiceContext, ref: PageRef) {
  return present(ctx, await requirePage(ctx, ref));
}

/** New content: `page.updated`. A new title is a rename: `file.updated` (with `data.file_type: canvas`). */
export async function updatePage(
  ctx: ServiceContext,
  { changes, ...ref }: PageRef & { changes: UpdatePageBody },
) {
  const row = await requirePage(ctx, ref, "edit");
  if (row.file.trashedAt) throw conflict("The page is in the trash; restore it to change it.");
  requirePermission(ctx.auth, "pages.create", "edit pages");
  const renamed = changedFields(row.file, { name: changes.title });
  // Who saved the content is part of it: a public page shows only what its last saver can see.
  const saving =
    changes.content === undefined ? {} : { content: changes.content, contentSavedById: ctx.auth.user.id };
  const content = changedFields(row.page, saving) ? changes.content : undefined;
  if (!renamed && !content) return present(ctx, row);
  if (renamed) {
    const file = await updateFileRow(ctx.db, row.file.id, renamed);
    await emit(ctx.db, {
      brandspaceId: ctx.auth.brandspace.id,
      type: "file.updated",
      actor: actors.user(ctx.auth),
      data: fileEventData(file),
    });
  }
  if (content) {
    await repo.updatePageRow(ctx.db, row.file.id, { content, contentSavedById: ctx.auth.user.id });
    await updateFileRow(ctx.db, row.file.id, { size: sizeOf(content) });
  }
  const updated = (await repo.findPage(ctx.db, ctx.auth.brandspace.id, row.file.id))!;
  if (content) await emitPage(ctx, "page.updated", updated);
  return present(ctx, updated);
}

export async function publishPage(ctx: ServiceContext, ref: PageRef) {
  const row = await requirePage(ctx, ref, "edit");
  if (row.file.trashedAt) throw conflict("The page is in the trash; restore it to publish it.");
  requirePermission(ctx.auth, "pages.publish", "publish pages");
  if (row.page.publishToken) return present(ctx, row);
  await repo.updatePageRow(ctx.db, row.file.id, {
    publishToken: newPublicToken(),
    publishedAt: new Date(),
    publishedById: ctx.auth.user.id,
  });
  // The file's `published` says the same as the page's.
  await updateFileRow(ctx.db, row.file.id, { published: true });
  const published = (await repo.findPage(ctx.db, ctx.auth.brandspace.id, row.file.id))!;
  await emitPage(ctx, "page.published", published);
  return present(ctx, published);
}

export async function unpublishPage(ctx: ServiceContext, ref: PageRef) {
  const row = await requirePage(ctx, ref, "edit");
  requirePermission(ctx.auth, "pages.publish", "unpublish pages");
  if (!row.page.publishToken) return present(ctx, row);
  await repo.updatePageRow(ctx.db, row.file.id, { publishToken: null });
  await updateFileRow(ctx.db, row.file.id, { published: false });
  const unpublished = (await repo.findPage(ctx.db, ctx.auth.brandspace.id, row.file.id))!;
  await emitPage(ctx, "page.unpublished", unpublished);
  return present(ctx, unpublished);
}

/**
 * A page going away (to the trash through `/v1/files` or `/v1/pages`, or deleted for good) stops being published:
 * its public URL ends, with `page.unpublished` before the event of its going (`file.trashed` or `page.deleted`).
 */
export async function unpublishLeavingPage(ctx: ServiceContext, fileId: string) {
  const row = await repo.findPage(ctx.db, ctx.auth.brandspace.id, fileId);
  if (!row?.page.publishToken) return;
  await repo.updatePageRow(ctx.db, fileId, { publishToken: null });
  await updateFileRow(ctx.db, fileId, { published: false });
  await emitPage(ctx, "page.unpublished", (await repo.findPage(ctx.db, ctx.auth.brandspace.id, fileId))!);
}

/**
 * To the trash (restored through the file), or for good: `page.deleted`. It stops being published either way, and a
 * published one says so first with `page.unpublished`, as one trashed through `/v1/files` does.
 */
export async function deletePage(
  ctx: ServiceContext,
  { permanent, ...ref }: PageRef & { permanent?: boolean },
) {
  const row = await requirePage(ctx, ref, "edit");
  requirePermission(ctx.auth, "files.delete", "delete pages");
  if (!permanent && row.file.trashedAt) throw conflict("The page is already in the trash.");
  if (row.page.publishToken) await unpublishLeavingPage(ctx, row.file.id);
  if (permanent) {
    await emitPage(ctx, "page.deleted", row);
    await deleteFileRow(ctx.db, row.file.id);
    return {
      object: "page" as const,
      id: row.file.id,
      deleted: true as const,
      permanent: true,
      trashed_at: null,
    };
  }
  const file = await updateFileRow(ctx.db, row.file.id, { trashedAt: new Date() });
  await emitPage(ctx, "page.deleted", { ...row, file });
  return {
    object: "page" as const,
    id: row.file.id,
    deleted: true as const,
    permanent: false,
    trashed_at: file.trashedAt!.toISOString(),
  };
}
