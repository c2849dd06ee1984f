import type { DragEvent } from "react";
import { useRef, useState, useSyncExternalStore } from "react";
import type { Folder } from "../../../contract/folders.ts";
import { errorMessage } from "../../api/error-message.ts";
import {
  FILE_CHANGES,
  type FileDestination,
  FOLDER_CHANGES,
  moveFiles,
  useInvalidate,
} from "../../api/files.ts";
import { type FolderDestination, moveFolderTo } from "../../api/folders.ts";
import { plural } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { toastBulk } from "./feedback.ts";

/**
 * The data type of the dashboard's own drags. Operating-system file drops carry `Files` instead, so the upload
 * drop zone and the move targets never take each other's drops.
 */
export const ITEMS_MIME = "application/x-brandspace-items";

export type DragItems =
  | { type: "files"; ids: string[]; folderIds: (string | null)[]; libraryIds: string[] }
  | { type: "folder"; id: string; name: string; libraryId: string; parentId: string | null };

export type DropTarget =
  | { type: "library"; libraryId: string; name: string }
  | { type: "folder"; folderId: string; libraryId: string; name: string };

/** The drag in progress in this tab: `dragover` cannot read the data, only its types. */
let current: DragItems | null = null;
const listeners = new Set<() => void>();

function setCurrent(items: DragItems | null) {
  if (current === items) return;
  current = items;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A virtualized drag source can leave the page mid-drag and never see its `dragend`; the window still does.
if (typeof window !== "undefined") {
  for (const type of ["dragend", "drop", "mousemove"]) {
    window.addEventListener(type, () => setCurrent(null), { capture: true });
  }
}

const isInternal = (event: DragEvent) => event.dataTransfer.types.includes(ITEMS_MIME);

/** Starts a drag of files or a folder, with a drag image that says how many items move. */
export function beginDrag(event: DragEvent, items: DragItems, label: string): void {
  const transfer = event.dataTransfer;
  transfer.clearData();
  transfer.setData(ITEMS_MIME, JSON.stringify(items));
  transfer.effectAllowed = "move";
  const ghost = document.createElement("div");
  ghost.className =
    "fixed -top-40 left-0 z-50 flex items-center gap-2 rounded-md bg-accent-600 px-3 py-1.5 font-medium text-sm text-white shadow-lg";
  ghost.textContent = label;
  document.body.append(ghost);
  transfer.setDragImage(ghost, 14, 14);
  setTimeout(() => ghost.remove(), 0);
  setCurrent(items);
}

/** Starts dragging one folder (a tile or a row of the sidebar tree). */
export function beginFolderDrag(event: DragEvent, folder: Folder): void {
  beginDrag(
    event,
    {
      type: "folder",
      id: folder.id,
      name: folder.name,
      libraryId: folder.library_id,
      parentId: folder.parent_id,
    },
    `Move “${folder.name}”`,
  );
}

export function endDrag(): void {
  setCurrent(null);
}

function read(event: DragEvent): DragItems | null {
  try {
    return JSON.parse(event.dataTransfer.getData(ITEMS_MIME)) as DragItems;
  } catch {
    return current;
  }
}

/** Whether dropping `items` on `target` would change anything (a drag from another tab: let the service judge). */
export function accepts(items: DragItems | null, target: DropTarget): boolean {
  if (!items) return true;
  if (items.type === "folder") {
    if (target.type === "folder") return target.folderId !== items.id && target.folderId !== items.parentId;
    return !(items.parentId === null && items.libraryId === target.libraryId);
  }
  return items.ids.some((_, i) => fileMoves(items, i, target));
}

/** Whether the `index`th dragged file is somewhere other than the target already. */
function fileMoves(items: Extract<DragItems, { type: "files" }>, index: number, target: DropTarget): boolean {
  return target.type === "folder"
    ? items.folderIds[index] !== target.folderId
    : items.folderIds[index] !== null || items.libraryIds[index] !== target.libraryId;
}

const destinationOf = (target: DropTarget): FolderDestination =>
  target.type === "folder" ? { folder_id: target.folderId } : { library_id: target.libraryId };

/** Moves dropped items to a target, says how it went, and refreshes what the move changed. */
export function useDropAction() {
  const invalidate = useInvalidate();
  return async (items: DragItems, target: DropTarget) => {
    const to = destinationOf(target);
    if (items.type === "folder") {
      try {
        await moveFolderTo(items.id, to);
        toast.success(`Moved “${items.name}” to “${target.name}”`);
      } catch (error) {
        toast.error(`Could not move “${items.name}”: ${errorMessage(error)}`);
      }
      await invalidate(FOLDER_CHANGES);
      return;
    }
    const moving = items.ids
      .map((id, i) => ({ id, back: originOf(items, i) }))
      .filter((_, i) => fileMoves(items, i, target));
    const pending = moving.length > 1 ? toast.loading(`Moving ${plural(moving.length, "file")}…`) : undefined;
    const result = await moveFiles(
      moving.map((m) => m.id),
      to,
    );
    if (pending !== undefined) toast.dismiss(pending);
    const moved = moving.filter((m) => result.done.includes(m.id));
    toastBulk(
      result,
      { done: (n) => `Moved ${plural(n, "file")} to “${target.name}”`, failed: "Could not move the files" },
      {
        action: {
          label: "Undo",
          onClick: async () => {
            const undone = await runUndo(moved);
            toastBulk(undone, { done: (n) => `Moved ${plural(n, "file")} back`, failed: "Could not undo" });
            await invalidate(FILE_CHANGES);
          },
        },
      },
    );
    await invalidate(FILE_CHANGES);
  };
}

function originOf(items: Extract<DragItems, { type: "files" }>, index: number): FileDestination {
  const folderId = items.folderIds[index];
  return folderId ? { folder_id: folderId } : { library_id: items.libraryIds[index]! };
}

async function runUndo(moved: { id: string; back: FileDestination }[]) {
  const done: string[] = [];
  const failed: { item: string; error: unknown }[] = [];
  for (const { id, back } of moved) {
    const result = await moveFiles([id], back);
    done.push(...result.done);
    failed.push(...result.failed);
  }
  return { done, failed };
}

/**
 * Drop handling for one target (a folder tile, a breadcrumb, a sidebar node): marks it as a candidate while an
 * acceptable internal drag is under way, highlights it while that drag is over it, and moves the items on drop.
 * Drags of OS files pass through to the upload zone.
 */
export function useDropTarget(target: DropTarget | null) {
  const dragging = useSyncExternalStore(subscribe, () => current);
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const drop = useDropAction();
  const acceptable = (event: DragEvent) => target !== null && isInternal(event) && accepts(current, target);
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!acceptable(event)) return;
      event.preventDefault();
      depth.current++;
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!acceptable(event)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = "move";
    },
    onDragLeave: (event: DragEvent) => {
      if (!isInternal(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!target || !isInternal(event)) return;
      event.preventDefault();
      event.stopPropagation();
      depth.current = 0;
      setOver(false);
      const items = read(event);
      endDrag();
      if (items && accepts(items, target)) void drop(items, target);
    },
  };
  /** A drag this target would take is under way: show it as a place to drop. */
  const candidate = target !== null && dragging !== null && accepts(dragging, target);
  return { over: over && dragging !== null, candidate, handlers };
}
