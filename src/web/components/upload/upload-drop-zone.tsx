import { UploadCloud } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useAccess } from "../../api/access.ts";
import { cn } from "../../lib/cn.ts";
import { toast } from "../../lib/toast.ts";
import { queueDroppedFolders, queueUploads } from "./upload-queue.ts";

/** Drags of items inside the dashboard (moving files) carry this type; they are not uploads. */
const INTERNAL_DRAG = "application/x-brandspace-items";

const carriesOsFiles = (event: DragEvent) => {
  const types = [...(event.dataTransfer?.types ?? [])];
  return types.includes("Files") && !types.includes(INTERNAL_DRAG);
};

/**
 * Files and folders dropped. The entries must be taken during the drop event (the items are emptied after it);
 * the folders' contents are read afterwards.
 */
function dropped(transfer: DataTransfer): { files: File[]; folders: FileSystemEntry[] } {
  const files: File[] = [];
  const folders: FileSystemEntry[] = [];
  for (const item of [...transfer.items]) {
    if (item.kind !== "file") continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry?.isDirectory) {
      folders.push(entry);
      continue;
    }
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  return { files, folders };
}

export interface UploadDropZoneProps {
  libraryId: string;
  folderId: string | null;
  children: ReactNode;
  className?: string;
}

/** Wraps a folder or library view: files and folders dragged in from the desktop upload into it. */
export function UploadDropZone({ libraryId, folderId, children, className }: UploadDropZoneProps) {
  const zone = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const denial = useAccess().denial("files:write", "files.upload");
  const latest = useRef({ libraryId, folderId, denial });
  latest.current = { libraryId, folderId, denial };

  // Native listeners: the zone is a plain container, not a control, so it takes no React event props.
  useEffect(() => {
    const element = zone.current;
    if (!element) return;
    // dragenter and dragleave fire for every child crossed; the depth says when the pointer really left.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesOsFiles(event)) return;
      event.preventDefault();
      depth++;
      setOver(true);
    };
    const overZone = (event: DragEvent) => {
      if (!carriesOsFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = latest.current.denial ? "none" : "copy";
    };
    const leave = (event: DragEvent) => {
      if (!carriesOsFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesOsFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const { libraryId, folderId, denial } = latest.current;
      if (denial) {
        toast.error(denial);
        return;
      }
      const { files, folders } = dropped(event.dataTransfer);
      if (folders.length > 0) queueDroppedFolders(folders, { libraryId, folderId });
      if (files.length > 0) queueUploads(files, { libraryId, folderId });
    };
    const listeners = { dragenter: enter, dragover: overZone, dragleave: leave, drop } as const;
    for (const [type, listener] of Object.entries(listeners))
      element.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of Object.entries(listeners)) {
        element.removeEventListener(type, listener as EventListener);
      }
    };
  }, []);

  return (
    <div ref={zone} className={cn("relative min-h-full", className)}>
      {children}
      {over && (
        <div
          aria-hidden="true"
          className={cn(
            "pointer-events-none absolute inset-2 z-20 flex items-start justify-center rounded-xl border-2 border-dashed",
            denial
              ? "border-red-400 bg-red-50/80 dark:bg-red-950/60"
              : "border-accent-500 bg-accent-50/80 dark:bg-accent-700/25",
          )}
        >
          <div className="sticky top-1/3 mt-24 flex flex-col items-center gap-2 rounded-lg bg-white px-6 py-4 shadow-lg dark:bg-zinc-900">
            <UploadCloud className="size-8 text-accent-600 dark:text-accent-500" />
            <p className="font-medium text-sm">{denial ?? "Drop files or folders to upload them here"}</p>
          </div>
        </div>
      )}
    </div>
  );
}
