import { and, eq, isNull } from "drizzle-orm";
import type { File } from "../../contract/files.ts";
import { requireLibraryAccess } from "../access/library-access.ts";
import { isActiveFolder } from "../content/subtree.ts";
import type { Db } from "../db/client.ts";
import { files, fileVersions, properties, propertyValues, renditions } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { AuthContext } from "../platform/auth.ts";
import { conflict, notFound } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { requireActiveFile, requireFile } from "./file-access.ts";
import { fileEventData, toFile, toPropertyValue } from "./files.mapper.ts";
import * as repo from "./files.repository.ts";
import { normalizePropertyValue } from "./property-value-input.ts";

type FileEvent =
  | "file.created"
  | "file.updated"
  | "file.moved"
  | "file.trashed"
  | "file.restored"
  | "file.deleted";

const emitFile = (db: Db, auth: AuthContext, type: FileEvent, row: repo.FileRow) =>
  emit(db, { brandspaceId: auth.brandspace.id, type, actor: actors.user(auth), data: fileEventData(row) });

/** The full File answer (extended fields) of a row. */
export async function presentFile(
  db: Db,
  deps: ServiceDeps,
  auth: AuthContext,
  row: repo.FileRow,
): Promise<File> {
  const available = await repo.renditionsOf(db, row.activeVersionId ? [row.activeVersionId] : []);
  const values = await repo.brandspacePropertyValues(db, row.id);
  return toFile({ deps, region: auth.brandspace.region }, row, available, values);
}

export async function getFile(db: Db, deps: ServiceDeps, auth: AuthContext, id: string) {
  return presentFile(db, deps, auth, await requireFile(db, auth, id, "view"));
}

async function updateRow(
  db: Db,
  id: string,
  changes: Partial<typeof files.$inferInsert>,
): Promise<repo.FileRow> {
  const [row] = await db
    .update(files)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(files.id, id))
    .returning(repo.fileColumns);
  return row as repo.FileRow;
}

export async function updateFile(
  db: Db,
  deps: ServiceDeps,
  auth: AuthContext,
  id: string,
  changes: { name?: string; tags?: string[]; published?: boolean },
) {
  await requireActiveFile(db, auth, id, "edit");
  const tags = changes.tags ? [...new Set(changes.tags.map((t) => t.trim()))] : undefined;
  const row = await updateRow(db, id, { name: changes.name, tags, published: changes.published });
  await emitFile(db, auth, "file.updated", row);
  return presentFile(db, deps, auth, row);
}

interface Destination {
  library_id?: string;
  folder_id?: string;
  to_root?: true;
}

async function resolveDestination(db: Db, auth: AuthContext, file: repo.FileRow, to: Destination) {
  if (to.folder_id) {
    const folder = await requireActiveFolder({ db, auth }, to.folder_id, "edit");
    return { libraryId: folder.libraryId, folderId: folder.id as string | null };
  }
  const libraryId = to.library_id ?? file.libraryId;
  await requireLibraryAccess({ db, auth }, libraryId, "edit");
  return { libraryId, folderId: null };
}

export async function moveFile(db: Db, deps: ServiceDeps, auth: AuthContext, id: string, to: Destination) {
  const file = await requireActiveFile(db, auth, id, "edit");
  const destination = await resolveDestination(db, auth, file, to);
  const row = await updateRow(db, id, destination);
  await emitFile(db, auth, "file.moved", row);
  return presentFile(db, deps, auth, row);
}

/** A new file from the active version, with its renditions, tags and property values; emits `file.created`. */
export async function copyFile(db: Db, deps: ServiceDeps, auth: AuthContext, id: string, to: Destination) {
  const file = await requireActiveFile(db, auth, id, "view");
  const destination = await resolveDestination(db, auth, file, to);
  const [version] = await db
    .select()
    .from(fileVersions)
    .where(eq(fileVersions.id, file.activeVersionId ?? ""));
  if (!version) throw conflict("The file has no active version to copy.");
  const fileId = newId("file");
  const versionId = newId("version");
  const now = new Date();
  await db.insert(files).values({
    id: fileId,
    brandspaceId: auth.brandspace.id,
    libraryId: destination.libraryId,
    folderId: destination.folderId,
    name: file.name,
    extension: file.extension,
    kind: version.kind,
    mime: version.mime,
    size: version.size,
    status: version.status,
    durationMs: version.durationMs,
    width: version.width,
    height: version.height,
    activeVersionId: versionId,
    tags: file.tags,
    published: false,
    createdById: auth.user.id,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(fileVersions).values({
    ...version,
    id: versionId,
    fileId,
    versionNumber: 1,
    createdById: auth.user.id,
    createdAt: now,
  });
  const copied = await db.select().from(renditions).where(eq(renditions.versionId, version.id));
  if (copied.length > 0)
    await db.insert(renditions).values(copied.map((r) => ({ ...r, versionId, createdAt: now })));
  const values = await db.select().from(propertyValues).where(eq(propertyValues.fileId, file.id));
  if (values.length > 0)
    await db.insert(propertyValues).values(values.map((v) => ({ ...v, fileId, updatedAt: now })));
  const row = (await repo.findFile(db, auth.brandspace.id, fileId))!;
  await emitFile(db, auth, "file.created", row);
  // A copy of a file still processing would otherwise wait for ever: process its own version too.
  if (version.status === "processing") {
    await enqueueJob(
      db,
      { type: "media.process_version", payload: { versionId } },
      { dedupeKey: `process:${versionId}`, maxAttempts: 3 },
    );
  }
  return presentFile(db, deps, auth, row);
}

export async function trashFile(db: Db, auth: AuthContext, id: string) {
  const file = await requireFile(db, auth, id, "edit");
  if (file.trashedAt) throw conflict("The file is already in the trash.");
  const row = await updateRow(db, id, { trashedAt: new Date() });
  await emitFile(db, auth, "file.trashed", row);
  return {
    object: "file" as const,
    id,
    deleted: true as const,
    permanent: false,
    trashed_at: row.trashedAt!.toISOString(),
  };
}

export async function deleteFilePermanently(db: Db, auth: AuthContext, id: string) {
  const file = await requireFile(db, auth, id, "edit");
  await db.delete(files).where(eq(files.id, id));
  await emitFile(db, auth, "file.deleted", file);
  return { object: "file" as const, id, deleted: true as const, permanent: true, trashed_at: null };
}

/** Back to its folder if that is active, else its library's top level. */
export async function restoreFile(db: Db, deps: ServiceDeps, auth: AuthContext, id: string) {
  const file = await requireFile(db, auth, id, "edit");
  if (!file.trashedAt) throw conflict("The file is not in the trash.");
  const folderActive = file.folderId ? await isActiveFolder(db, auth.brandspace.id, file.folderId) : true;
  const row = await updateRow(db, id, { trashedAt: null, folderId: folderActive ? file.folderId : null });
  await emitFile(db, auth, "file.restored", row);
  return presentFile(db, deps, auth, row);
}

/** Sets or clears a brandspace property's value on a file; emits `property.value_updated`. */
export async function setPropertyValue(
  db: Db,
  auth: AuthContext,
  fileId: string,
  propertyId: string,
  value: unknown,
) {
  await requireActiveFile(db, auth, fileId, "edit");
  const [property] = await db
    .select({
      id: properties.id,
      brandspaceId: properties.brandspaceId,
      type: properties.type,
      selectionMode: properties.selectionMode,
    })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.brandspaceId, auth.brandspace.id),
        isNull(properties.boardId),
      ),
    );
  if (!property) throw notFound("property");
  const normalized = await normalizePropertyValue(db, property, value);
  if (normalized === null) {
    await db
      .delete(propertyValues)
      .where(and(eq(propertyValues.fileId, fileId), eq(propertyValues.propertyId, propertyId)));
  } else {
    await db
      .insert(propertyValues)
      .values({ fileId, propertyId, brandspaceId: auth.brandspace.id, value: normalized })
      .onConflictDoUpdate({
        target: [propertyValues.fileId, propertyValues.propertyId],
        set: { value: normalized, updatedAt: new Date() },
      });
  }
  await db.update(files).set({ updatedAt: new Date() }).where(eq(files.id, fileId));
  await emit(db, {
    brandspaceId: auth.brandspace.id,
    type: "property.value_updated",
    actor: actors.user(auth),
    data: { object: "property_value", property_id: propertyId, file_id: fileId, board_id: null },
  });
  return toPropertyValue({ propertyId, type: property.type, value: normalized });
}
