import { useSyncExternalStore } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { bffUploadTransport } from "../../api/uploads.ts";
import { toast } from "../../lib/toast.ts";
import { folderMakerOverApi } from "./folder-maker.ts";
import { type FolderTree, readDroppedTree, uploadTree } from "./folder-tree.ts";
import { NameClashQueue } from "./name-clash-queue.ts";
import { numberedToFree } from "./name-clashes.ts";
import { listNamedFiles, startUploads } from "./start-uploads.ts";
import type { UploadItem, UploadTarget } from "./upload-item.ts";
import { UploadManager } from "./upload-manager.ts";

/** The dashboard's one upload queue: it outlives page changes, so uploads go on while the user browses. */
export const uploads = new UploadManager({
  transport: bffUploadTransport,
  isOnline: () => navigator.onLine,
});

/** Picked or dropped files whose names are taken where they go, waiting for the user's choice. */
export const nameClashes = new NameClashQueue(uploads, (files, target) =>
  numberedToFree(files, target, listNamedFiles),
);

/** Queues files for their target, asking first about names already taken there. */
export const queueFiles = (files: readonly File[], target: UploadTarget) =>
  startUploads(files, target, { uploads, clashes: nameClashes });

/** Makes a picked or dropped folder tree's folders in the target (merging into those of the same name), then queues its files. */
export async function queueTree(tree: FolderTree | Promise<FolderTree>, target: UploadTarget): Promise<void> {
  let read: FolderTree;
  try {
    read = await tree;
  } catch (error) {
    toast.error("The dropped folder could not be read", { description: errorMessage(error) });
    return;
  }
  const { failed } = await uploadTree(read, target, { makeFolder: folderMakerOverApi(), start: queueFiles });
  for (const { path, error } of failed) {
    toast.error(`The folder “${path}” could not be made`, {
      description: `${errorMessage(error)} Its files were not uploaded.`,
    });
  }
}

/** Dropped folders (directory entries of the drop), read and uploaded as trees. */
export const queueDroppedFolders = (entries: readonly FileSystemEntry[], target: UploadTarget) =>
  queueTree(readDroppedTree(entries), target);

/** The queue's items, re-rendering when they change. */
export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(uploads.subscribe, uploads.getSnapshot, uploads.getSnapshot);
}
