import { Link } from "@tanstack/react-router";
import { AlertCircle, CheckCircle2, FileUp, Loader2, Pause, Play, RotateCw, WifiOff, X } from "lucide-react";
import { memo, useEffect, useState } from "react";
import { viaBff } from "../../api/client.ts";
import { cn } from "../../lib/cn.ts";
import { formatBytes, formatSecondsLeft } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { percentOf } from "./plan.ts";
import { UNFINISHED, type UploadItem } from "./upload-item.ts";
import { uploads } from "./upload-store.ts";

/** Seconds until a retry, ticking while the row shows it. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function statusText(item: UploadItem, retryIn: number | null): string {
  const of = `${formatBytes(item.loaded)} of ${formatBytes(item.size)}`;
  switch (item.status) {
    case "queued":
      return `Waiting · ${formatBytes(item.size)}`;
    case "uploading": {
      const speed = item.rate ? ` · ${formatBytes(item.rate)}/s` : "";
      const left = item.secondsLeft !== null ? ` · ${formatSecondsLeft(item.secondsLeft)} left` : "";
      return `${of}${speed}${left}`;
    }
    case "paused":
      return `Paused · ${of}`;
    case "offline":
      return "Waiting for the network to come back…";
    case "retrying":
      return `Connection problem; retrying in ${retryIn ?? 0} s`;
    case "completing":
      return "Finishing…";
    case "processing":
      return "Uploaded · making previews…";
    case "done":
      return item.processingFailed ? "Uploaded · no preview could be made" : "Uploaded";
    case "failed":
      return item.error ?? "Failed";
    case "canceled":
      return "Canceled";
  }
}

function StatusIcon({ item }: { item: UploadItem }) {
  if (item.thumbnailUrl) {
    return <img src={viaBff(item.thumbnailUrl)} alt="" className="size-9 rounded object-cover" />;
  }
  const icon = "size-5";
  const box = "flex size-9 shrink-0 items-center justify-center rounded bg-zinc-100 dark:bg-zinc-800";
  const inner =
    item.status === "failed" ? (
      <AlertCircle className={cn(icon, "text-red-600 dark:text-red-400")} />
    ) : item.status === "done" ? (
      <CheckCircle2 className={cn(icon, "text-emerald-600 dark:text-emerald-400")} />
    ) : item.status === "offline" ? (
      <WifiOff className={cn(icon, "text-amber-600 dark:text-amber-400")} />
    ) : item.status === "processing" || item.status === "completing" ? (
      <Loader2 className={cn(icon, "animate-spin text-accent-600 dark:text-accent-500")} />
    ) : (
      <FileUp className={cn(icon, "text-zinc-500")} />
    );
  return <div className={box}>{inner}</div>;
}

function RowActions({ item }: { item: UploadItem }) {
  const { key, name, status } = item;
  const button = (label: string, title: string, onClick: () => void, Icon: typeof Pause) => (
    <Button variant="ghost" size="icon" aria-label={label} title={title} onClick={onClick}>
      <Icon className="size-4" />
    </Button>
  );
  return (
    <div className="flex shrink-0 items-center">
      {(status === "queued" || status === "uploading" || status === "offline") &&
        button(`Pause upload of ${name}`, "Pause", () => uploads.pause(key), Pause)}
      {status === "paused" && button(`Resume upload of ${name}`, "Resume", () => uploads.resume(key), Play)}
      {status === "retrying" &&
        button(`Retry upload of ${name}`, "Retry now", () => uploads.resume(key), RotateCw)}
      {status === "failed" && button(`Retry upload of ${name}`, "Retry", () => uploads.retry(key), RotateCw)}
      {UNFINISHED.has(status)
        ? button(`Cancel upload of ${name}`, "Cancel", () => uploads.cancel(key), X)
        : button(`Remove ${name} from the list`, "Remove from the list", () => uploads.remove(key), X)}
    </div>
  );
}

const BAR_COLOURS: Partial<Record<UploadItem["status"], string>> = {
  failed: "bg-red-500",
  paused: "bg-zinc-400",
  offline: "bg-amber-500",
  retrying: "bg-amber-500",
  done: "bg-emerald-500",
  processing: "bg-emerald-500",
  canceled: "bg-zinc-300 dark:bg-zinc-600",
};

/** One upload: name (a link once the file exists), status line, progress bar and its actions. */
export const UploadRow = memo(function UploadRow({ item }: { item: UploadItem }) {
  const retryIn = useSecondsUntil(item.status === "retrying" ? item.retryAt : null);
  const percent = percentOf(item.loaded, item.size);
  const failed = item.status === "failed";
  return (
    <li className="px-3 py-2.5">
      <div className="flex items-center gap-2.5">
        <StatusIcon item={item} />
        <div className="min-w-0 flex-1">
          {item.fileId && !item.target.transferId ? (
            <Link
              to="/files/$fileId"
              params={{ fileId: item.fileId }}
              className="block truncate font-medium text-sm hover:underline"
            >
              {item.name}
            </Link>
          ) : (
            <p className="truncate font-medium text-sm">{item.name}</p>
          )}
          <p
            className={cn(
              "truncate text-xs",
              failed ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400",
            )}
            title={failed ? (item.error ?? undefined) : undefined}
          >
            {statusText(item, retryIn)}
          </p>
        </div>
        <RowActions item={item} />
      </div>
      <div
        role="progressbar"
        aria-label={`Upload progress of ${item.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${statusText(item, retryIn)}`}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-200",
            BAR_COLOURS[item.status] ?? "bg-accent-600",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </li>
  );
});
