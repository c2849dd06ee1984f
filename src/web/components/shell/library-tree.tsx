import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight, Folder as FolderIcon, Library as LibraryIcon } from "lucide-react";
import { useState } from "react";
import type { Folder } from "../../../contract/folders.ts";
import type { Library } from "../../../contract/libraries.ts";
import { childFoldersQuery, librariesQuery } from "../../api/libraries.ts";
import { cx } from "../../lib/cx.ts";
import { Skeleton } from "../ui/skeleton.tsx";

const ROW =
  "group flex h-8 min-w-0 items-center gap-1.5 rounded-md pr-2 text-sm text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800";
const ACTIVE = "bg-zinc-200 font-medium text-zinc-950 dark:bg-zinc-800 dark:text-white";

function Expander({ open, onToggle, label }: { open: boolean; onToggle: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={`${open ? "Collapse" : "Expand"} ${label}`}
      aria-expanded={open}
      className="flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 hover:bg-zinc-300/60 dark:hover:bg-zinc-700"
    >
      <ChevronRight className={cx("size-3.5 transition-transform", open && "rotate-90")} />
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
  return (
    <li>
      <div className={ROW} style={{ paddingLeft: `${depth * 12 + 4}px` }} data-folder-id={folder.id}>
        <Expander open={open} onToggle={() => setOpen(!open)} label={folder.name} />
        <Link
          to="/folders/$folderId"
          params={{ folderId: folder.id }}
          className="flex min-w-0 flex-1 items-center gap-1.5"
          activeProps={{ className: ACTIVE }}
        >
          <FolderIcon
            className="size-4 shrink-0"
            style={folder.color ? { color: folder.color } : undefined}
            aria-hidden="true"
          />
          <span className="truncate">{folder.name}</span>
        </Link>
      </div>
      {open && <FolderChildren libraryId={folder.library_id} folderId={folder.id} depth={depth + 1} />}
    </li>
  );
}

function LibraryNode({ library }: { library: Library }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <div className={cx(ROW, "pl-1")} data-library-id={library.id}>
        <Expander open={open} onToggle={() => setOpen(!open)} label={library.name} />
        <Link
          to="/libraries/$libraryId"
          params={{ libraryId: library.id }}
          className="flex min-w-0 flex-1 items-center gap-1.5"
        >
          <LibraryIcon className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{library.name}</span>
        </Link>
      </div>
      {open && <FolderChildren libraryId={library.id} folderId={null} depth={1} />}
    </li>
  );
}

/** The sidebar's libraries with their folders, loaded one level at a time as the user expands them. */
export function LibraryTree() {
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
