import { TRANSFER_LIMITS } from "../../contract/transfers.ts";
import { touchBlob } from "../content/content.repository.ts";
import { subtreeFolderIds } from "../content/subtree.repository.ts";
import { requireActiveFile } from "../files/file-access.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { EntryNames, joinPath } from "./entry-names.ts";
import * as items from "./transfer-items.repository.ts";
import * as repo from "./transfers.repository.ts";

type FileEntry = Parameters<typeof repo.insertEntries>[1]["files"][number];
type FolderEntry = Parameters<typeof repo.insertEntries>[1]["folders"][number];

/**
 * Adds brandspace files (at the top of the transfer) and folders (with every active folder and file inside, under
 * the folder's name) to a transfer, as a snapshot: each file keeps the bytes of its active version at this moment.
 * Any id the caller cannot see is 404 and nothing is added.
 */
export async function addItems(
  ctx: ServiceContext,
  transfer: repo.TransferRow,
  ids: { file_ids?: string[]; folder_ids?: string[] },
) {
  const fileIds = [...new Set(ids.file_ids ?? [])];
  const folderIds = [...new Set(ids.folder_ids ?? [])];
  for (const id of fileIds) {
    const file = await requireActiveFile(ctx, id, "view");
    // A page has no bytes to send (inside a folder, pages are left out of the snapshot).
    if (!file.activeVersionId) throw conflict(`${file.name} is a page: it has no file to transfer.`);
  }
  const roots = [];
  for (const id of folderIds) roots.push(await requireActiveFolder(ctx, id, "view"));

  const names = new EntryNames(await repo.takenPaths(ctx.db, transfer.id));
  const fileEntries: FileEntry[] = [];
  const folderEntries: FolderEntry[] = [];
  const entry = (
    dir: string,
    file: { id: string; name: string; mime: string; size: number; blobSha256: string },
  ) =>
    fileEntries.push({
      transferId: transfer.id,
      id: newId("transferFile"),
      path: dir,
      name: names.claim(dir, file.name),
      size: file.size,
      mime: file.mime,
      blobSha256: file.blobSha256,
      sourceFileId: file.id,
    });

  if (fileIds.length > 0)
    for (const file of await items.filesWithBlobs(ctx.db, { ids: fileIds })) entry("", file);
  for (const root of roots) {
    const subtree = await items.activeFolders(ctx.db, await subtreeFolderIds(ctx.db, root.id));
    // A folder is in the snapshot only if its whole chain up to the root is active.
    const byId = new Map(subtree.map((f) => [f.id, f]));
    const pathOf = new Map<string, string>();
    const rootName = names.claim("", root.name);
    pathOf.set(root.id, rootName);
    folderEntries.push({ transferId: transfer.id, path: "", name: rootName });
    const resolve = (id: string): string | null => {
      const known = pathOf.get(id);
      if (known !== undefined) return known;
      const folder = byId.get(id);
      if (!folder?.parentId) return null;
      const parentPath = resolve(folder.parentId);
      if (parentPath === null) return null;
      const name = names.claim(parentPath, folder.name);
      folderEntries.push({ transferId: transfer.id, path: parentPath, name });
      const path = joinPath(parentPath, name);
      pathOf.set(id, path);
      return path;
    };
    for (const folder of [...subtree].sort((a, b) => a.name.localeCompare(b.name))) resolve(folder.id);
    const inside = [...pathOf.keys()];
    const contained = await items.filesWithBlobs(ctx.db, { folderIds: inside });
    for (const file of contained.sort((a, b) => a.name.localeCompare(b.name)))
      entry(pathOf.get(file.folderId!)!, file);
  }
  if (transfer.fileCount + fileEntries.length > TRANSFER_LIMITS.filesMax) {
    throw validationError([{ param: "file_ids", message: FULL }]);
  }
  await repo.insertEntries(ctx.db, { files: fileEntries, folders: folderEntries });
  for (const file of fileEntries) await touchBlob(ctx.db, file.blobSha256, file.size);
  return repo.refreshTotals(ctx.db, transfer.id);
}

const FULL = `a transfer holds at most ${TRANSFER_LIMITS.filesMax} files`;

/** Refuses an upload into a transfer that holds as many files as it may (400 on `transfer_id`). */
export function requireRoomForUpload(transfer: repo.TransferRow) {
  if (transfer.fileCount >= TRANSFER_LIMITS.filesMax)
    throw validationError([{ param: "transfer_id", message: FULL }]);
}

/**
 * A file uploaded into the transfer (locked by the caller): at its top, under a free name. A transfer that filled up
 * since the upload began is 409.
 */
export async function addUploadedFile(
  ctx: Pick<ServiceContext, "db">,
  transfer: repo.TransferRow,
  file: { name: string; size: number; mime: string; blobSha256: string },
) {
  if (transfer.fileCount >= TRANSFER_LIMITS.filesMax) throw conflict(`The transfer is full: ${FULL}.`);
  const names = new EntryNames(await repo.takenPaths(ctx.db, transfer.id));
  const row = {
    transferId: transfer.id,
    id: newId("transferFile"),
    path: "",
    name: names.claim("", file.name),
    size: file.size,
    mime: file.mime,
    blobSha256: file.blobSha256,
    sourceFileId: null,
  };
  await repo.insertEntries(ctx.db, { files: [row], folders: [] });
  await touchBlob(ctx.db, file.blobSha256, file.size);
  await repo.refreshTotals(ctx.db, transfer.id);
  return row;
}
