import { useSyncExternalStore } from "react";
import { bffUploadTransport } from "../../api/uploads.ts";
import { NameClashQueue } from "./name-clash-queue.ts";
import { startUploads } from "./start-uploads.ts";
import type { UploadItem, UploadTarget } from "./upload-item.ts";
import { UploadManager } from "./upload-manager.ts";

/** The dashboard's one upload queue: it outlives page changes, so uploads go on while the user browses. */
export const uploads = new UploadManager({
  transport: bffUploadTransport,
  isOnline: () => navigator.onLine,
});

/** Picked or dropped files whose names are taken where they go, waiting for the user's choice. */
export const nameClashes = new NameClashQueue(uploads);

/** Queues files for their target, asking first about names already taken there. */
export const queueFiles = (files: readonly File[], target: UploadTarget) =>
  startUploads(files, target, { uploads, clashes: nameClashes });

/** The queue's items, re-rendering when they change. */
export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(uploads.subscribe, uploads.getSnapshot, uploads.getSnapshot);
}
