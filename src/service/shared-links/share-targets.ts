import { requireBoardAccess } from "../access/board-access.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { requireActiveFile } from "../files/file-access.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import type { CallerContext } from "../platform/context.ts";
import { type TargetType, targetNames } from "./shared-links.repository.ts";

/** The target's name when the caller can see it and it is not in the trash; 404 otherwise. */
export async function requireShareTarget(
  ctx: CallerContext,
  target: { type: TargetType; id: string },
): Promise<string> {
  switch (target.type) {
    case "file":
      return (await requireActiveFile(ctx, target.id, "view")).name;
    case "folder":
      return (await requireActiveFolder(ctx, target.id, "view")).name;
    case "library":
      await requireLibraryAccess(ctx, target.id, "view");
      break;
    case "board":
      await requireBoardAccess(ctx, target.id, "view");
      break;
  }
  return (await targetNames(ctx.db, [target])).get(`${target.type}:${target.id}`) ?? "";
}
