import type { BoardFile, BoardFilesBatch } from "../../contract/boards.ts";
import type { FileListQuery } from "../../contract/files.ts";
import { requireBoardAccess } from "../access/board-access.ts";
import { requireActiveFile, requireFile } from "../files/file-access.ts";
import { fetchFilePage } from "../files/file-list.repository.ts";
import { fileListKey, planFileList } from "../files/file-list-plan.ts";
import { toFileBase, toPropertyValue } from "../files/files.mapper.ts";
import { renditionsOf } from "../files/files.repository.ts";
import { normalizePropertyValue } from "../files/property-value-input.ts";
import { savePropertyValue } from "../files/property-values.repository.ts";
import { hasPermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import * as repo from "./board-files.repository.ts";
import { toBoard } from "./boards.mapper.ts";
import { listVisibleBoards } from "./boards.repository.ts";

type BoardFileEvent = "board.file.added" | "board.file.removed";

async function emitBoardFile(ctx: ServiceContext, type: BoardFileEvent, boardId: string, fileId: string) {
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type,
    actor: actors.user(ctx.auth),
    data: { object: "board_file", board_id: boardId, file_id: fileId },
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

/** Adds files to the board: each `added` or `already_present`; `board.file.added` for each added one. */
export async function addBoardFiles(
  ctx: ServiceContext,
  { boardId, fileIds }: { boardId: string; fileIds: string[] },
): Promise<BoardFilesBatch> {
  await requireBoardAccess(ctx, boardId, "edit");
  const ids = distinct(fileIds);
  await requireServableFiles(ctx, ids);
  const present = await repo.filesOnBoard(ctx.db, boardId, ids);
  const added = ids.filter((id) => !present.has(id));
  await repo.insertBoardFiles(ctx.db, boardId, added, ctx.auth.user.id);
  for (const fileId of added) await emitBoardFile(ctx, "board.file.added", boardId, fileId);
  return {
    object: "board_files_batch",
    board_id: boardId,
    results: ids.map((id) => ({ file_id: id, status: present.has(id) ? "already_present" : "added" })),
  };
}

/** Takes files off the board: each `removed` or `not_present`; their board values go with them. */
export async function removeBoardFiles(
  ctx: ServiceContext,
  { boardId, fileIds }: { boardId: string; fileIds: string[] },
): Promise<BoardFilesBatch> {
  await requireBoardAccess(ctx, boardId, "edit");
  const ids = distinct(fileIds);
  await requireServableFiles(ctx, ids);
  const present = await repo.filesOnBoard(ctx.db, boardId, ids);
  const removed = ids.filter((id) => present.has(id));
  await repo.deleteBoardFiles(ctx.db, boardId, removed);
  for (const fileId of removed) await emitBoardFile(ctx, "board.file.removed", boardId, fileId);
  return {
    object: "board_files_batch",
    board_id: boardId,
    results: ids.map((id) => ({ file_id: id, status: present.has(id) ? "removed" : "not_present" })),
  };
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
    where: repo.onBoardAnd(boardId, planned.where),
    listing: JSON.stringify(["board", boardId, planned.listing]),
  };
  const page = await paginate(ctx.deps.cursors, query, {
    name: plan.listing,
    fetch: (limit, after) => fetchFilePage(ctx.db, plan, limit, after),
    keyOf: (row) => fileListKey(plan, row),
    present: async (rows): Promise<BoardFile[]> => {
      const ids = rows.map((r) => r.id);
      const [available, values] = await Promise.all([
        renditionsOf(
          ctx.db,
          rows.flatMap((r) => (r.activeVersionId ? [r.activeVersionId] : [])),
        ),
        repo.boardValuesOf(ctx.db, boardId, ids),
      ]);
      const urls = { deps: ctx.deps, region: ctx.auth.brandspace.region };
      return rows.map((row) => ({
        ...toFileBase(urls, row, available),
        properties: values.filter((v) => v.fileId === row.id).map(toPropertyValue),
      }));
    },
  });
  if (!plan.interpreted) return page;
  const { words: _words, ...interpreted } = plan.interpreted;
  return { ...page, search: { query: query.q!, interpreted } };
}

/** Sets or clears a board property's value on a file of the board; emits `board.file.property_updated`. */
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
  const property = await repo.findBoardProperty(db, input.boardId, input.propertyId);
  if (!property) throw notFound("property");
  if (property.hidden && input.value !== null)
    throw conflict("The property is hidden: it takes no new values.");
  const value = await normalizePropertyValue(db, property, input.value);
  await savePropertyValue(db, {
    fileId: input.fileId,
    propertyId: property.id,
    brandspaceId: auth.brandspace.id,
    value,
  });
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
