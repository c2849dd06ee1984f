import { CircleAlert, LoaderCircle } from "lucide-react";
import type { FileBase } from "../../../contract/files.ts";
import { cn } from "../../lib/cn.ts";
import { formatBytes, formatDuration, formatResolution } from "../../lib/format.ts";

/** "Processing" while renditions are made, "Failed" when they could not be; nothing once ready. */
export function StatusBadge({ status, className }: { status: FileBase["status"]; className?: string }) {
  if (status === "ready") return null;
  const failed = status === "failed";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-medium text-[11px] leading-4",
        failed
          ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200"
          : "bg-zinc-900/80 text-white dark:bg-zinc-100/90 dark:text-zinc-900",
        className,
      )}
    >
      {failed ? (
        <CircleAlert className="size-3" aria-hidden="true" />
      ) : (
        <LoaderCircle className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      )}
      {failed ? "Failed" : "Processing"}
    </span>
  );
}

export function ExtensionBadge({ extension, className }: { extension: string; className?: string }) {
  if (!extension) return null;
  return (
    <span
      className={cn(
        "inline-block shrink-0 rounded border border-zinc-300 px-1 font-medium font-mono text-[10px] text-zinc-700 uppercase leading-4 dark:border-zinc-700 dark:text-zinc-300",
        className,
      )}
    >
      {extension}
    </span>
  );
}

/**
 * A file's size as people read it; a page (blocks edited in the dashboard) has no file size worth showing: its
 * stored bytes are its content's JSON.
 */
export const sizeLabel = (file: Pick<FileBase, "kind" | "size">) =>
  file.kind === "page" ? "Page" : formatBytes(file.size);

/** Resolution for stills, duration for time-based media, else nothing. */
export function fileDetail(file: FileBase): string | null {
  if (file.duration_ms !== null) return formatDuration(file.duration_ms);
  return formatResolution(file.resolution);
}
