import { TRANSFER_LIMITS } from "../../contract/transfers.ts";
import { touchBlob, touchBlobs } from "../content/content.repository.ts";
import type { ServiceContext } from "../platform/context.ts";
import { conflict, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { EntryNames } from "./entry-names.ts";
import { snapshotItems } from "./item-snapshot.ts";
import * as repo from "./transfers.repository.ts";

/**
 * Adds brandspace files (at the top of the transfer) and folders (with every active folder and file inside, under
 * the folder's name) to a transfer, as a snapshot: each file keeps the bytes of its active version at this moment.
 * Any id the caller cannot see is 404 and nothing is added. `at` is the change's time: the transfer's creation's when
 * the items come with it, so that a new transfer's `updated_at` is its `created_at`.
 */
export async function addItems(
  ctx: ServiceContext,
  transfer: repo.TransferRow,
  ids: { file_ids?: string[]; folder_ids?: string[] },
  at = new Date(),
) {
  const snapshot = await snapshotItems(
    ctx,
    { fileIds: [...new Set(ids.file_ids ?? [])], folderIds: [...new Set(ids.folder_ids ?? [])] },
    new EntryNames(await repo.takenPaths(ctx.db, transfer.id)),
    (file) => {
      // A page has no bytes to send (inside a folder, pages are left out of the snapshot).
      throw conflict(`${file.name} is a page: it has no file to transfer.`);
    },
  );
  const fileEntries = snapshot.files.map((file) => ({
    transferId: transfer.id,
    id: newId("transferFile"),
    ...file,
  }));
  const folderEntries = snapshot.folders.map((folder) => ({ transferId: transfer.id, ...folder }));
  if (transfer.fileCount + fileEntries.length > TRANSFER_LIMITS.filesMax) {
    throw validationError([{ param: "file_ids", message: FULL }]);
  }
  await repo.insertEntries(ctx.db, { files: fileEntries, folders: folderEntries });
  await touchBlobs(ctx.db, fileEntries);
  return repo.refreshTotals(ctx.db, transfer.id, at);
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
