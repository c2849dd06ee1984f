import type { RemoveTagBody, RenameTagBody, TagChange } from "../../contract/files.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { fileEventData } from "../files/files.mapper.ts";
import { requirePermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { actors, emitMany } from "../platform/outbox.ts";
import * as repo from "./tags.repository.ts";

/** A tag change reaches the library named (edit access needed), else every library the caller can edit. */
async function requireChangeAccess(ctx: ServiceContext, libraryId: string | undefined) {
  requirePermission(ctx.auth, "files.edit", "edit files");
  if (libraryId !== undefined) await requireLibraryAccess(ctx, libraryId, "edit");
}

/** Each retagged file's `file.updated`, in the change's transaction. */
async function emitUpdated(ctx: ServiceContext, changed: repo.RetaggedFile[]) {
  await emitMany(ctx.db, {
    brandspaceId: ctx.auth.brandspace.id,
    type: "file.updated",
    actor: actors.user(ctx.auth),
    data: changed.map(fileEventData),
  });
}

export async function renameTag(ctx: ServiceContext, body: RenameTagBody): Promise<TagChange> {
  await requireChangeAccess(ctx, body.library_id);
  const changed = await repo.renameTagOnFiles(ctx, {
    from: body.from,
    to: body.to,
    libraryId: body.library_id,
  });
  await emitUpdated(ctx, changed);
  return { object: "tag_change", from: body.from, to: body.to, file_count: changed.length };
}

export async function removeTag(ctx: ServiceContext, body: RemoveTagBody): Promise<TagChange> {
  await requireChangeAccess(ctx, body.library_id);
  const changed = await repo.removeTagFromFiles(ctx, { tag: body.tag, libraryId: body.library_id });
  await emitUpdated(ctx, changed);
  return { object: "tag_change", from: body.tag, to: null, file_count: changed.length };
}
