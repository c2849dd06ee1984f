import type { CreateBoardBody, UpdateBoardBody } from "../../contract/boards.ts";
import { requireBoardAccess } from "../access/board-access.ts";
import { hasPermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext } from "../platform/context.ts";
import { forbidden, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { type PageRequest, paginate } from "../platform/paginate.ts";
import { moveToIfElsewhere } from "../platform/reorder.ts";
import { listProperties } from "../properties/properties.service.ts";
import { revokeLinksOfDeleted } from "../shared-links/revoke-with-target.ts";
import { boardEventData, toBoard } from "./boards.mapper.ts";
import * as repo from "./boards.repository.ts";

export const DEFAULT_BOARD_COLOR = "#6366f1";

type BoardEvent = "board.created" | "board.updated" | "board.deleted";

const emitBoard = (ctx: ServiceContext, type: BoardEvent, row: repo.BoardRow) =>
  emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type,
    actor: actors.user(ctx.auth),
    data: boardEventData(row),
  });

const manageAll = (ctx: ServiceContext) => hasPermission(ctx.auth, "boards.manage_all");

/** Visible boards: pinned first, then by position. */
export function listBoards(ctx: ServiceContext, page: PageRequest) {
  return paginate(ctx.deps.cursors, page, {
    name: `boards:${ctx.auth.brandspace.id}`,
    fetch: (limit, after: [number, number, string] | null) => repo.listVisibleBoards(ctx, limit, after),
    keyOf: (row) => [row.pinned ? 0 : 1, row.position, row.id],
    present: (rows) => rows.map((row) => toBoard(row, manageAll(ctx))),
  });
}

async function requireVisibleBoard(ctx: ServiceContext, boardId: string) {
  const row = await repo.findVisibleBoard(ctx, boardId);
  if (!row) throw notFound("board");
  return row;
}

/** The board with all its properties (at most 100, the per-board limit) and the caller's access. */
async function presentWithProperties(ctx: ServiceContext, boardId: string) {
  const row = await requireVisibleBoard(ctx, boardId);
  const properties = await listProperties(ctx, {
    scope: { brandspaceId: ctx.auth.brandspace.id, boardId },
    page: { limit: 100 },
  });
  return { ...toBoard(row, manageAll(ctx)), properties: properties.data };
}

/** The board alone: only the board returned by update carries its properties (interface spec, Board). */
export async function getBoard(ctx: ServiceContext, { boardId }: { boardId: string }) {
  return toBoard(await requireVisibleBoard(ctx, boardId), manageAll(ctx));
}

/** Placed last; its creator is granted manage access. */
export async function createBoard(ctx: ServiceContext, body: CreateBoardBody) {
  if (!hasPermission(ctx.auth, "boards.create")) throw forbidden("Your role cannot create boards.");
  const brandspaceId = ctx.auth.brandspace.id;
  const row = await repo.insertBoard(ctx.db, {
    id: newId("board"),
    brandspaceId,
    name: body.name,
    color: body.color ?? DEFAULT_BOARD_COLOR,
    emoji: body.emoji ?? null,
    logoUrl: body.logo_url ?? null,
    position: await repo.nextBoardPosition(ctx.db, brandspaceId),
    createdById: ctx.auth.user.id,
  });
  await emitBoard(ctx, "board.created", row);
  return toBoard({ ...row, grant: "manage" }, manageAll(ctx));
}

/** Only the fields sent change: name, color, emoji and logo first, then pinned, then the position. */
export async function updateBoard(
  ctx: ServiceContext,
  { boardId, changes }: { boardId: string; changes: UpdateBoardBody },
) {
  await requireBoardAccess(ctx, boardId, "edit");
  const current = await requireVisibleBoard(ctx, boardId);
  const changed = changedFields(current, {
    name: changes.name,
    color: changes.color,
    emoji: changes.emoji,
    logoUrl: changes.logo_url,
    pinned: changes.pinned,
  });
  const brandspaceId = ctx.auth.brandspace.id;
  const order =
    changes.position === undefined
      ? null
      : moveToIfElsewhere(await repo.boardIdsInOrder(ctx.db, brandspaceId), boardId, changes.position);
  if (!changed && !order) return presentWithProperties(ctx, boardId);
  if (changed) await repo.updateBoardRow(ctx.db, boardId, changed);
  if (order) await repo.writeBoardPositions(ctx.db, brandspaceId, order);
  const board = await presentWithProperties(ctx, boardId);
  await emit(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type: "board.updated",
    actor: actors.user(ctx.auth),
    data: { object: "board", id: board.id, name: board.name },
  });
  return board;
}

/** Deletes the board, its properties and their values; the files themselves stay where they are. */
export async function deleteBoard(ctx: ServiceContext, { boardId }: { boardId: string }) {
  await requireBoardAccess(ctx, boardId, "manage");
  const row = await requireVisibleBoard(ctx, boardId);
  await repo.deleteBoardRow(ctx.db, boardId);
  const brandspaceId = ctx.auth.brandspace.id;
  await revokeLinksOfDeleted(ctx.db, brandspaceId, { board: [boardId] });
  await repo.writeBoardPositions(ctx.db, brandspaceId, await repo.boardIdsInOrder(ctx.db, brandspaceId));
  await emitBoard(ctx, "board.deleted", row);
  return { object: "board" as const, id: boardId, deleted: true as const, permanent: true, trashed_at: null };
}
