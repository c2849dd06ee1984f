import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight, Folder as FolderIcon, Library as LibraryIcon } from "lucide-react";
import { type DragEvent, useEffect, useRef, useState } from "react";
import type { Folder } from "../../../contract/folders.ts";
import type { Library } from "../../../contract/libraries.ts";
import { childFoldersQuery } from "../../api/folders.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { cn } from "../../lib/cn.ts";
import { beginFolderDrag, type DropTarget, endDrag, useDropTarget } from "../browser/dnd.ts";
import { FolderActionsProvider } from "../browser/folder-actions.tsx";
import { FolderActionsButton, FolderContextMenu } from "../browser/folder-menu.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

const ROW =
  "group flex h-8 min-w-0 items-center gap-1.5 rounded-md pr-2 text-sm text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800";
const ACTIVE = "bg-zinc-200 font-medium text-zinc-950 dark:bg-zinc-800 dark:text-white";
const DROP_OVER = "bg-accent-100 ring-2 ring-accent-500 ring-inset dark:bg-accent-500/20";
const DROP_CANDIDATE = "ring-1 ring-accent-500/60 ring-inset";
/** Hovering a collapsed node with a drag opens it after this long, so a drag can reach a deep folder. */
const OPEN_ON_HOVER_MS = 700;

/** A node as a move target; while a drag hovers a collapsed node, it opens. */
function useTreeDrop(target: DropTarget, open: boolean, setOpen: (open: boolean) => void) {
  const drop = useDropTarget(target);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (drop.over && !open) timer.current = setTimeout(() => setOpen(true), OPEN_ON_HOVER_MS);
    return () => clearTimeout(timer.current);
  }, [drop.over, open, setOpen]);
  return drop;
}

function Expander({ open, onToggle, label }: { open: boolean; onToggle: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={`${open ? "Collapse" : "Expand"} ${label}`}
      aria-expanded={open}
      className="flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 hover:bg-zinc-300/60 dark:hover:bg-zinc-700"
    >
      <ChevronRight className={cn("size-3.5 transition-transform", open && "rotate-90")} />
    </button>
  );
}

function FolderChildren({
  libraryId,
  folderId,
  depth,
}: {
  libraryId: string;
  folderId: string | null;
  depth: number;
}) {
  const folders = useQuery(childFoldersQuery(libraryId, folderId));
  if (folders.isPending) return <Skeleton className="my-1 ml-8 h-5 w-28" />;
  if (!folders.data?.length) return null;
  return (
    <ul>
      {folders.data.map((folder) => (
        <FolderNode key={folder.id} folder={folder} depth={depth} />
      ))}
    </ul>
  );
}

function FolderNode({ folder, depth }: { folder: Folder; depth: number }) {
  const [open, setOpen] = useState(false);
  const drop = useTreeDrop(
    { type: "folder", folderId: folder.id, libraryId: folder.library_id, name: folder.name },
    open,
    setOpen,
  );
  const onDragStart = (event: DragEvent) => beginFolderDrag(event, folder);
  return (
    <li>
      <FolderContextMenu folder={folder}>
        <div
          className={cn(ROW, drop.over ? DROP_OVER : drop.candidate && DROP_CANDIDATE)}
          style={{ paddingLeft: `${depth * 12 + 4}px` }}
          data-folder-id={folder.id}
          data-drop-target="tree-folder"
          {...drop.handlers}
        >
          <Expander open={open} onToggle={() => setOpen(!open)} label={folder.name} />
          <Link
            to="/folders/$folderId"
            params={{ folderId: folder.id }}
            className="flex min-w-0 flex-1 items-center gap-1.5"
            activeProps={{ className: ACTIVE }}
            draggable
            onDragStart={onDragStart}
            onDragEnd={endDrag}
          >
            <FolderIcon
              className="size-4 shrink-0"
              style={folder.color ? { color: folder.color } : undefined}
              aria-hidden="true"
            />
            <span className="truncate">{folder.name}</span>
          </Link>
          <FolderActionsButton
            folder={folder}
            align="start"
            className="flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 opacity-0 hover:bg-zinc-300/60 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 pointer-coarse:opacity-100 dark:hover:bg-zinc-700"
            iconClassName="size-3.5"
          />
        </div>
      </FolderContextMenu>
      {open && <FolderChildren libraryId={folder.library_id} folderId={folder.id} depth={depth + 1} />}
    </li>
  );
}

function LibraryNode({ library }: { library: Library }) {
  const [open, setOpen] = useState(false);
  const drop = useTreeDrop({ type: "library", libraryId: library.id, name: library.name }, open, setOpen);
  return (
    <li>
      <div
        className={cn(ROW, "pl-1", drop.over ? DROP_OVER : drop.candidate && DROP_CANDIDATE)}
        data-library-id={library.id}
        data-drop-target="tree-library"
        {...drop.handlers}
      >
        <Expander open={open} onToggle={() => setOpen(!open)} label={library.name} />
        <Link
          to="/libraries/$libraryId"
          params={{ libraryId: library.id }}
          className="flex min-w-0 flex-1 items-center gap-1.5"
          activeProps={{ className: ACTIVE }}
          activeOptions={{ includeSearch: false }}
        >
          <LibraryIcon className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{library.name}</span>
        </Link>
      </div>
      {open && <FolderChildren libraryId={library.id} folderId={null} depth={1} />}
    </li>
  );
}

/**
 * The sidebar's libraries with their folders, loaded one level at a time as the user expands them. Every node is
 * a drop target for moving files and folders; folders have a menu (and a context menu) of their actions.
 */
export function LibraryTree() {
  return (
    <FolderActionsProvider>
      <Libraries />
    </FolderActionsProvider>
  );
}

function Libraries() {
  const libraries = useQuery(librariesQuery());
  if (libraries.isPending) {
    return (
      <div className="space-y-2 px-2">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-5 w-24" />
      </div>
    );
  }
  if (libraries.isError) return <p className="px-3 text-red-600 text-xs">Libraries could not be loaded.</p>;
  if (libraries.data.length === 0) return <p className="px-3 text-xs text-zinc-500">No libraries yet.</p>;
  return (
    <ul aria-label="Libraries">
      {libraries.data.map((library) => (
        <LibraryNode key={library.id} library={library} />
      ))}
    </ul>
  );
}
