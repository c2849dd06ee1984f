import { requireBoardAccess } from "../access/board-access.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { requireActiveFile, requireFile } from "../files/file-access.ts";
import { requireActiveFolder, requireFolder } from "../folders/folder-access.ts";
import type { CallerContext } from "../platform/context.ts";
import { conflict } from "../platform/errors.ts";
import { type TargetType, targetNames } from "./shared-links.repository.ts";

/**
 * 404 unless the caller can see the target (in the trash too when `inTrash`); a file's or folder's name, which its
 * check read anyway.
 */
async function seeTarget(
  ctx: CallerContext,
  target: { type: TargetType; id: string },
  inTrash: boolean,
): Promise<{ name: string | null; kind?: string }> {
  switch (target.type) {
    case "file": {
      const file = await (inTrash ? requireFile : requireActiveFile)(ctx, target.id, "view");
      return { name: file.name, kind: file.kind };
    }
    case "folder":
      return { name: (await (inTrash ? requireFolder : requireActiveFolder)(ctx, target.id, "view")).name };
    case "library":
      await requireLibraryAccess(ctx, target.id, "view");
      return { name: null };
    case "board":
      await requireBoardAccess(ctx, target.id, "view");
      return { name: null };
  }
}

/**
 * The target's name when the caller can see it and it is not in the trash; 404 otherwise. A page is not shared
 * through a link (visitors are never shown pages; a page reaches the public by being published): 409.
 */
export async function requireShareTarget(
  ctx: CallerContext,
  target: { type: TargetType; id: string },
): Promise<string> {
  const { name, kind } = await seeTarget(ctx, target, false);
  if (kind === "page")
    throw conflict("A page is not shared through a link: publish it (POST /v1/pages/{pageId}/publish).");
  return name ?? (await targetNames(ctx.db, [target])).get(`${target.type}:${target.id}`) ?? "";
}

/**
 * 404 unless the caller can see the target, in the trash or not: a link to a trashed item stays the caller's to
 * read, change and revoke (visitors get nothing from it meanwhile).
 */
export async function requireVisibleShareTarget(
  ctx: CallerContext,
  target: { type: TargetType; id: string },
) {
  await seeTarget(ctx, target, true);
}
