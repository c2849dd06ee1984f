import { listFiles } from "../../../contract/operations/files.ts";
import { fetchAll } from "../../api/query.ts";
import type { NameClashQueue } from "./name-clash-queue.ts";
import { existingByName, type NamedFilesLister } from "./name-clashes.ts";
import type { UploadTarget } from "./upload-item.ts";
import type { UploadManager } from "./upload-manager.ts";

/** The service's files of the target's place named one of `names`, newest first, every page of them. */
export const listNamedFiles: NamedFilesLister = (target, names) =>
  fetchAll(listFiles, {
    query: {
      ...(target.folderId ? { folder_id: target.folderId } : { library_id: target.libraryId }),
      filter: JSON.stringify({ field: "name", op: "in", value: names }),
    },
  });

/**
 * Queues picked or dropped files for a folder or a library's top level. Those whose names are free start at
 * once; those whose names are taken there wait for the user's choice (`clashes`). New versions and transfer files
 * start at once. When the names cannot be looked up, every file uploads as a file of its own, as it would have.
 */
export async function startUploads(
  files: readonly File[],
  target: UploadTarget,
  {
    uploads,
    clashes,
    list = listNamedFiles,
  }: {
    uploads: Pick<UploadManager, "add">;
    clashes: Pick<NameClashQueue, "ask">;
    list?: NamedFilesLister;
  },
): Promise<void> {
  if (target.fileId || target.transferId) {
    uploads.add(files, target);
    return;
  }
  const existing = await existingByName(files, target, list).catch(() => new Map<string, string>());
  const free = files.filter((file) => !existing.has(file.name));
  const taken = files.filter((file) => existing.has(file.name));
  if (free.length > 0) uploads.add(free, target);
  if (taken.length > 0) clashes.ask({ files: taken, target, existing });
}
