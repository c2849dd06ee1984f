import { useSyncExternalStore } from "react";
import { bffUploadTransport } from "../../api/uploads.ts";
import type { UploadItem } from "./upload-item.ts";
import { UploadManager } from "./upload-manager.ts";

/** The dashboard's one upload queue: it outlives page changes, so uploads go on while the user browses. */
export const uploads = new UploadManager({
  transport: bffUploadTransport,
  isOnline: () => navigator.onLine,
});

/** The queue's items, re-rendering when they change. */
export function useUploads(): readonly UploadItem[] {
  return useSyncExternalStore(uploads.subscribe, uploads.getSnapshot, uploads.getSnapshot);
}
