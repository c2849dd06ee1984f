import type { CreateImportBody } from "../../contract/imports.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { requireCreationPlace } from "../content/creation-place.ts";
import { requirePermission } from "../platform/auth.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { toImport } from "./imports.mapper.ts";
import * as repo from "./imports.repository.ts";
import { enqueueImportRun } from "./run-import.ts";

/** Queues an import; a URL refused by address is not refused here but ends the import `failed`. */
export async function createImport(ctx: ServiceContext, body: CreateImportBody) {
  const place = await requireCreationPlace(ctx, body);
  requirePermission(ctx.auth, "files.upload", "import files");
  const row = await repo.insertImport(ctx.db, {
    id: newId("import"),
    brandspaceId: ctx.auth.brandspace.id,
    createdById: ctx.auth.user.id,
    apiKeyId: ctx.auth.key.id,
    url: body.url,
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
