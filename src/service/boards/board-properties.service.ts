import type { BoardAccess } from "../../contract/boards.ts";
import type {
  CreateOptionBody,
  CreatePropertyBody,
  UpdateOptionBody,
  UpdatePropertyBody,
} from "../../contract/properties.ts";
import { requireBoardAccess } from "../access/board-access.ts";
import type { ServiceContext } from "../platform/context.ts";
import type { PageRequest } from "../platform/paginate.ts";
import * as properties from "../properties/properties.service.ts";

/**
 * Board properties are properties scoped to one board: reading them needs view access to the board, changing
 * them edit access. The property rules and events (`board.property.*`) are the properties service's.
 */
async function boardScope(ctx: ServiceContext, boardId: string, needed: BoardAccess) {
  await requireBoardAccess(ctx, boardId, needed);
  return { brandspaceId: ctx.auth.brandspace.id, boardId };
}

export async function listBoardProperties(
  ctx: ServiceContext,
  input: { boardId: string; page: PageRequest },
) {
  return properties.listProperties(ctx, {
    scope: await boardScope(ctx, input.boardId, "view"),
    page: input.page,
  });
}

export async function getBoardProperty(ctx: ServiceContext, input: { boardId: string; propertyId: string }) {
  return properties.getProperty(ctx, { ...input, scope: await boardScope(ctx, input.boardId, "view") });
}

export async function createBoardProperty(
  ctx: ServiceContext,
  input: { boardId: string; body: CreatePropertyBody },
) {
  return properties.createProperty(ctx, { ...input, scope: await boardScope(ctx, input.boardId, "edit") });
}

export async function updateBoardProperty(
  ctx: ServiceContext,
  input: { boardId: string; propertyId: string; changes: UpdatePropertyBody },
) {
  return properties.updateProperty(ctx, { ...input, scope: await boardScope(ctx, input.boardId, "edit") });
}

export async function deleteBoardProperty(
  ctx: ServiceContext,
  input: { boardId: string; propertyId: string },
) {
  return properties.deleteProperty(ctx, { ...input, scope: await boardScope(ctx, input.boardId, "edit") });
}

export async function createBoardOption(
  ctx: ServiceContext,
  input: { boardId: string; propertyId: string; body: CreateOptionBody },
) {
  return properties.createOption(ctx, { ...input, scope: await boardScope(ctx, input.boardId, "edit") });
}

export async function updateBoardOption(
  ctx: ServiceContext,
  input: { boardId: string; propertyId: string; optionId: string; changes: UpdateOptionBody },
) {
  return properties.updateOption(ctx, { ...input, scope: await boardScope(ctx, input.boardId, "edit") });
}

export async function deleteBoardOption(
  ctx: ServiceContext,
  input: { boardId: string; propertyId: string; optionId: string },
) {
  return properties.deleteOption(ctx, { ...input, scope: await boardScope(ctx, input.boardId, "edit") });
}
