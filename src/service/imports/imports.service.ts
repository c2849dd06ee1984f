import type { CreateImportBody } from "../../contract/imports.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import { requirePermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { toImport } from "./imports.mapper.ts";
import * as repo from "./imports.repository.ts";
import { enqueueImportRun } from "./run-import.ts";

/** Where the file will land: a folder (in `library_id` when both are sent) or a library's top level. */
async function destination(ctx: ServiceContext, body: CreateImportBody) {
  if (body.folder_id) {
    const folder = await requireActiveFolder(ctx, body.folder_id, "edit");
    if (body.library_id && body.library_id !== folder.libraryId)
      throw validationError([{ param: "folder_id", message: "is not in the library named by library_id" }]);
    return { libraryId: folder.libraryId, folderId: folder.id as string | null };
  }
  if (body.library_id) {
    await requireLibraryAccess(ctx, body.library_id, "edit");
    return { libraryId: body.library_id, folderId: null };
  }
  throw validationError([{ param: "library_id", message: "send library_id or folder_id" }]);
}

/** Queues an import; a URL refused by address is not refused here but ends the import `failed`. */
export async function createImport(ctx: ServiceContext, body: CreateImportBody) {
  const place = await destination(ctx, body);
  requirePermission(ctx.auth, "files.upload", "import files");
  const row = await repo.insertImport(ctx.db, {
    id: newId("import"),
    brandspaceId: ctx.auth.brandspace.id,
    createdById: ctx.auth.user.id,
    apiKeyId: ctx.auth.key.id,
    url: new URL(body.url).toString(),
    name: body.name ?? null,
    libraryId: place.libraryId,
    folderId: place.folderId,
    status: "queued",
  });
  await enqueueImportRun(ctx.db, row.id);
  ctx.deps.signal.notify("jobs");
  return toImport(row);
}

/** An import into a library the caller can see. */
export async function getImport(ctx: ServiceContext, { importId }: { importId: string }) {
  const row = await repo.findImport(ctx.db, ctx.auth.brandspace.id, importId);
  if (!row?.libraryId) throw notFound("import");
  await requireLibraryAccess(ctx, row.libraryId, "view").catch(() => {
    throw notFound("import");
  });
  return toImport(row);
}
