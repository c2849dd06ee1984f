import { useSyncExternalStore } from "react";
import type { ImportRecord } from "../../../contract/imports.ts";
import { onDemand, useOnDemand } from "../../lib/on-demand.ts";
import { toast } from "../../lib/toast.ts";
import type { UploadItem, UploadTarget } from "./upload-item.ts";

/**
 * The upload queue as the pages see it. The manager, its planner and the panel load with the first file picked
 * or dropped: until then there is nothing to upload or show (the queue lives in memory only).
 */
const runtime = onDemand(() => import("./upload-runtime.ts"));

const couldNotStart = () =>
  toast.error("The upload could not start: the connection may have dropped. Try again.");

export function queueUploads(files: readonly File[], target: UploadTarget): void {
  runtime.load().then(({ queueFiles }) => queueFiles(files, target), couldNotStart);
}

/** Files picked with a folder picker (`webkitdirectory`): their folders are made in the target, then they upload. */
export function queuePickedFolder(files: readonly File[], target: UploadTarget): void {
  runtime.load().then(({ queueTree, treeOfPicked }) => queueTree(treeOfPicked(files), target), couldNotStart);
}

/** Folders dropped from the desktop (their directory entries): read, made in the target, then uploaded. */
export function queueDroppedFolders(entries: readonly FileSystemEntry[], target: UploadTarget): void {
  runtime.load().then(({ queueDroppedFolders }) => queueDroppedFolders(entries, target), couldNotStart);
}

/** Shows a URL import in the upload panel and follows it until it ends. */
export function queueImport(record: ImportRecord): void {
  runtime.load().then(
    ({ imports }) => imports.add(record),
    () => toast.error("The import started, but its progress cannot be shown: reload the page to see it."),
  );
}

/** The loaded upload code (its panel and rows), or null before the first upload. */
export const useUploadRuntime = () => useOnDemand(runtime);

const NO_ITEMS: readonly UploadItem[] = [];
const noItems = () => NO_ITEMS;
const nothingToWatch = () => () => {};

/** The queue's items, re-rendering when they change; none before the first upload. */
export function useUploads(): readonly UploadItem[] {
  const uploads = useUploadRuntime()?.uploads;
  return useSyncExternalStore(
    uploads?.subscribe ?? nothingToWatch,
    uploads?.getSnapshot ?? noItems,
    uploads?.getSnapshot ?? noItems,
  );
}
