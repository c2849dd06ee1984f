import { ChevronDown, ChevronUp, Pause, Play, X } from "lucide-react";
import { useId, useState, useSyncExternalStore } from "react";
import { Button } from "../ui/button.tsx";
import { imports } from "./import-queue.ts";
import { ImportRow } from "./import-row.tsx";
import { NameClashDialog } from "./name-clash-dialog.tsx";
import { aggregateProgress, percentOf } from "./plan.ts";
import { UNFINISHED, type UploadItem } from "./upload-item.ts";
import { UploadRow } from "./upload-row.tsx";
import { uploads, useUploads } from "./upload-store.ts";
import { useUploadEffects } from "./use-upload-effects.ts";

function titleOf(items: readonly UploadItem[]): string {
  const unfinished = items.filter((item) => UNFINISHED.has(item.status)).length;
  const paused = items.filter((item) => item.status === "paused").length;
  const failed = items.filter((item) => item.status === "failed").length;
  const processing = items.filter((item) => item.status === "processing").length;
  const files = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;
  if (unfinished > 0 && paused === unfinished) return `${files(paused)} paused`;
  if (unfinished > 0) return `Uploading ${files(unfinished)}`;
  if (failed > 0) return `${files(failed)} not uploaded`;
  if (processing > 0) return `Making previews of ${files(processing)}`;
  return "Uploads complete";
}

/** The upload queue's panel, and the question about names already taken when there is one. */
export function UploadPanel() {
  return (
    <>
      <NameClashDialog />
      <QueuePanel />
    </>
  );
}

/** The queue, bottom right on every page: overall progress, each upload with its controls, and URL imports. */
function QueuePanel() {
  useUploadEffects();
  const items = useUploads();
  const importItems = useSyncExternalStore(imports.subscribe, imports.getSnapshot, imports.getSnapshot);
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  if (items.length === 0 && importItems.length === 0) return null;
  const importing = importItems.filter((i) => i.status !== "completed" && i.status !== "failed").length;

  const unfinished = items.filter((item) => UNFINISHED.has(item.status));
  // The batch is everything on the list that still counts: finished uploads hold their full size.
  const overall = aggregateProgress(
    items.filter((item) => item.status !== "canceled" && item.status !== "failed"),
  );
  const percent = percentOf(overall.loaded, overall.total);
  const pausable = unfinished.some((item) => ["queued", "uploading", "offline"].includes(item.status));
  const resumable = unfinished.some((item) => item.status === "paused");
  const finished = items.some((item) => item.status === "done" || item.status === "canceled");

  return (
    <section
      aria-label="Uploads"
      className="fixed right-4 bottom-4 z-30 flex max-h-[min(28rem,calc(100vh-6rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center gap-1 border-zinc-200 border-b py-1.5 pr-1.5 pl-3 dark:border-zinc-800">
        <h2 className="min-w-0 flex-1 truncate font-medium text-sm" aria-live="polite">
          {items.length === 0
            ? importing > 0
              ? `Importing ${importing} ${importing === 1 ? "file" : "files"}`
              : "Imports ended"
            : titleOf(items)}
          {unfinished.length > 0 && (
            <span className="ml-1.5 text-zinc-600 dark:text-zinc-400"> · {percent}%</span>
          )}
        </h2>
        {pausable && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Pause all uploads"
            title="Pause all"
            onClick={() => uploads.pauseAll()}
          >
            <Pause className="size-4" />
          </Button>
        )}
        {resumable && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Resume all uploads"
            title="Resume all"
            onClick={() => uploads.resumeAll()}
          >
            <Play className="size-4" />
          </Button>
        )}
        {finished && (
          <Button variant="ghost" size="sm" onClick={() => uploads.clearFinished()}>
            Clear finished
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-label={collapsed ? "Expand uploads" : "Collapse uploads"}
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setCollapsed((value) => !value)}
        >
          {collapsed ? <ChevronUp className="size-4" /> : <ChevronDown className="size-4" />}
        </Button>
        {unfinished.length === 0 && importing === 0 && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Close uploads"
            title="Close"
            onClick={() => {
              uploads.dismissSettled();
              imports.dismissSettled();
            }}
          >
            <X className="size-4" />
          </Button>
        )}
      </div>
      {unfinished.length > 0 && (
        <div
          role="progressbar"
          aria-label="Overall upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1 bg-zinc-100 dark:bg-zinc-800"
        >
          <div
            className="h-full bg-accent-600 transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <ul
        id={listId}
        hidden={collapsed}
        aria-label="Upload queue"
        className="min-h-0 flex-1 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800"
      >
        {importItems.map((record) => (
          <ImportRow key={record.id} record={record} />
        ))}
        {items.map((item) => (
          <UploadRow key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}
