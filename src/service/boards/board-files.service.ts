import type { BoardFile, BoardFilesBatch, BoardFilesRemoval } from "../../contract/boards.ts";
import type { FileListQuery } from "../../contract/files.ts";
import { requireBoardAccess } from "../access/board-access.ts";
import { requireActiveFile, requireFile } from "../files/file-access.ts";
import { pageOfFiles, presentFiles } from "../files/file-list.ts";
import { planFileList } from "../files/file-list-plan.ts";
import { toPropertyValue } from "../files/files.mapper.ts";
import { normalizePropertyValue } from "../files/property-value-input.ts";
import { findPropertyDefinition, findPropertyValue } from "../files/property-values.repository.ts";
import { refuseNewValueOnHidden, saveChangedValue } from "../files/property-values.service.ts";
import { hasPermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import * as repo from "./board-files.repository.ts";
import { boardFileEventData, toBoard } from "./boards.mapper.ts";
import { listVisibleBoards } from "./boards.repository.ts";

type BoardFileEvent = "board.file.added" | "board.file.removed";

async function emitBoardFile(ctx: ServiceContext, type: BoardFileEvent, boardId: string, fileId: string) {
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type,
    actor: actors.user(ctx.auth),
    data: boardFileEventData(boardId, fileId),
  });
}

/** Each id once, in the order first sent. */
const distinct = (ids: string[]) => [...new Set(ids)];

/** Every id must be a file the key can serve, or the whole batch is 404 and nothing changes. */
async function requireServableFiles(ctx: ServiceContext, ids: string[]) {
  const visible = await repo.visibleFileIds(ctx, ids);
  const missing = ids.filter((id) => !visible.has(id));
  if (missing.length > 0) throw notFound("file", { file_ids: missing.slice(0, 100) });
}

type BatchChange = "add" | "remove";

/** The statuses and the event of each change: the file changed, or it was already as asked. */
const BATCH = {
  add: { changed: "added", unchanged: "already_present", event: "board.file.added" },
  remove: { changed: "removed", unchanged: "not_present", event: "board.file.removed" },
} as const;

/**
 * Adds files to the board (`added` / `already_present`) or takes them off with their board values (`removed` /
 * `not_present`), one event per file that changed. Every id must be a file the key can serve, or nothing changes.
 */
export async function changeBoardFiles(
  ctx: ServiceContext,
  { boardId, fileIds, change }: { boardId: string; fileIds: string[]; change: BatchChange },
): Promise<BoardFilesBatch> {
  await requireBoardAccess(ctx, boardId, "edit");
  const ids = distinct(fileIds);
  await requireServableFiles(ctx, ids);
  const present = await repo.filesOnBoard(ctx.db, boardId, ids);
  const changed = new Set(ids.filter((id) => present.has(id) === (change === "remove")));
  if (change === "add") await repo.insertBoardFiles(ctx.db, boardId, [...changed], ctx.auth.user.id);
  else await repo.deleteBoardFiles(ctx.db, boardId, [...changed]);
  const { event, changed: done, unchanged } = BATCH[change];
  for (const fileId of changed) await emitBoardFile(ctx, event, boardId, fileId);
  return {
    object: "board_files_batch",
    board_id: boardId,
    results: ids.map((id) => ({ file_id: id, status: changed.has(id) ? done : unchanged })),
  };
}

/** Takes files off the board: the batch, acknowledged as every DELETE is (the board named as `id`). */
export async function removeBoardFiles(
  ctx: ServiceContext,
  input: { boardId: string; fileIds: string[] },
): Promise<BoardFilesRemoval> {
  const batch = await changeBoardFiles(ctx, { ...input, change: "remove" });
  return { ...batch, id: input.boardId, deleted: true, permanent: true, trashed_at: null };
}

/** The board's files with the file list's parameters, each with its values of the board's properties. */
export async function listBoardFiles(
  ctx: ServiceContext,
  { boardId, query }: { boardId: string; query: FileListQuery },
) {
  await requireBoardAccess(ctx, boardId, "view");
  const planned = await planFileList(ctx, query);
  const plan = {
    ...planned,
    filters: repo.onBoardAnd(boardId, planned.filters),
    listing: JSON.stringify(["board", boardId, planned.listing]),
  };
  return pageOfFiles(
    ctx,
    plan,
    query,
    (rows): Promise<BoardFile[]> =>
      presentFiles(ctx, rows, (ids) => repo.boardValuesOf(ctx.db, boardId, ids)),
  );
}

/**
 * Sets or clears a board property's value on a file of the board; emits `board.file.property_updated` when
 * that changed the value.
 */
export async function setBoardFilePropertyValue(
  ctx: ServiceContext,
  input: { boardId: string; fileId: string; propertyId: string; value: unknown },
) {
  const { db, auth } = ctx;
  await requireBoardAccess(ctx, input.boardId, "edit");
  await requireActiveFile(ctx, input.fileId, "view");
  if (!(await repo.filesOnBoard(db, input.boardId, [input.fileId])).has(input.fileId)) {
    throw notFound("file on this board");
  }
  const property = await findPropertyDefinition(
    db,
    { brandspaceId: auth.brandspace.id, boardId: input.boardId },
    input.propertyId,
  );
  if (!property) throw notFound("property");
  const held = await findPropertyValue(db, input.fileId, property.id);
  const value = await normalizePropertyValue(db, property, input.value, held);
  refuseNewValueOnHidden(property, held, value);
  const row = { fileId: input.fileId, propertyId: property.id, brandspaceId: auth.brandspace.id, value };
  if (await saveChangedValue(db, row, held)) {
    await emit(db, {
      brandspaceId: auth.brandspace.id,
      type: "board.file.property_updated",
      actor: actors.user(auth),
      data: {
        object: "property_value",
        property_id: property.id,
        file_id: input.fileId,
        board_id: input.boardId,
      },
    });
  }
  return toPropertyValue({ propertyId: property.id, type: property.type, value });
}

/** The boards a visible file is on that the caller can see. */
export async function listFileBoards(
  ctx: ServiceContext,
  { fileId, page }: { fileId: string; page: PageRequest },
) {
  await requireFile(ctx, fileId, "view");
  const manageAll = hasPermission(ctx.auth, "boards.manage_all");
  return paginate(ctx.deps.cursors, page, {
    name: `file-boards:${fileId}`,
    fetch: (limit, after: [number, number, string] | null) =>
      listVisibleBoards(ctx, limit, after, { withFile: fileId }),
    keyOf: (row) => [row.pinned ? 0 : 1, row.position, row.id],
    present: (rows) => rows.map((row) => toBoard(row, manageAll)),
  });
}
