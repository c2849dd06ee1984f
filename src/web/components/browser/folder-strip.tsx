import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Folder as FolderIcon } from "lucide-react";
import { useId, useState } from "react";
import type { Folder } from "../../../contract/folders.ts";
import { useAccess } from "../../api/access.ts";
import { childFoldersQuery, folderQuery } from "../../api/folders.ts";
import { cn } from "../../lib/cn.ts";
import { plural } from "../../lib/format.ts";
import { Skeleton } from "../ui/skeleton.tsx";
import { beginFolderDrag, endDrag, useDropTarget } from "./dnd.ts";
import { FolderActionsButton, FolderContextMenu } from "./folder-menu.tsx";

/** Tiles shown before "Show all": enough for two rows on a wide screen, and few count requests. */
const COLLAPSED = 12;

export function FolderGlyph({ color, className }: { color: string | null; className?: string }) {
  return (
    <FolderIcon
      aria-hidden="true"
      className={cn("shrink-0", !color && "text-zinc-500 dark:text-zinc-400", className)}
      style={color ? { color } : undefined}
      fill="currentColor"
      fillOpacity={0.2}
    />
  );
}

function FolderTile({ folder }: { folder: Folder }) {
  const detail = useQuery(folderQuery(folder.id));
  const drop = useDropTarget({
    type: "folder",
    folderId: folder.id,
    libraryId: folder.library_id,
    name: folder.name,
  });
  const canMove = useAccess().can("libraries:write");
  const counts = detail.data
    ? [
        plural(detail.data.file_count, "file"),
        detail.data.folder_count ? plural(detail.data.folder_count, "folder") : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  return (
    <FolderContextMenu folder={folder}>
      <li
        data-testid="folder-tile"
        data-folder-id={folder.id}
        draggable={canMove}
        onDragStart={(event) => beginFolderDrag(event, folder)}
        onDragEnd={endDrag}
        {...drop.handlers}
        data-drop-candidate={drop.candidate || undefined}
        className={cn(
          "group relative flex h-16 items-center gap-3 rounded-lg border px-3 transition-colors",
          drop.over
            ? "border-accent-500 bg-accent-50 ring-2 ring-accent-500 dark:bg-accent-500/15"
            : drop.candidate
              ? "border-accent-500 border-dashed"
              : "border-zinc-200 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-900",
        )}
      >
        <FolderGlyph color={folder.color} className="size-7" />
        <div className="min-w-0 flex-1">
          <Link
            to="/folders/$folderId"
            params={{ folderId: folder.id }}
            draggable={false}
            title={folder.name}
            className="block truncate font-medium text-sm outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-accent-500"
          >
            {folder.name}
          </Link>
          <div className="h-4 truncate text-xs text-zinc-600 dark:text-zinc-400">
            {counts ?? <Skeleton className="mt-0.5 h-3 w-16" />}
          </div>
        </div>
        <FolderActionsButton
          folder={folder}
          align="end"
          className="relative z-10 flex size-7 items-center justify-center rounded-md text-zinc-600 opacity-0 hover:bg-zinc-200 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 pointer-coarse:opacity-100 dark:text-zinc-400 dark:hover:bg-zinc-700"
          iconClassName="size-4"
        />
      </li>
    </FolderContextMenu>
  );
}

/** The folders of a library's top level or of a folder, as tiles above its files. */
export function FolderStrip({ libraryId, folderId }: { libraryId: string; folderId: string | null }) {
  const folders = useQuery(childFoldersQuery(libraryId, folderId));
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  if (folders.isPending) {
    return (
      <div className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-3 px-6 pb-5">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-16 rounded-lg" />
        ))}
      </div>
    );
  }
  if (folders.isError || folders.data.length === 0) return null;
  const shown = expanded ? folders.data : folders.data.slice(0, COLLAPSED);
  return (
    <section aria-labelledby={headingId} className="px-6 pb-5">
      <h2 id={headingId} className="mb-2 font-semibold text-sm text-zinc-700 dark:text-zinc-300">
        Folders <span className="font-normal text-zinc-500 dark:text-zinc-400">{folders.data.length}</span>
      </h2>
      <ul aria-labelledby={headingId} className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-3">
        {shown.map((folder) => (
          <FolderTile key={folder.id} folder={folder} />
        ))}
      </ul>
      {folders.data.length > COLLAPSED && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          className="mt-2 font-medium text-accent-700 text-sm hover:underline dark:text-accent-100"
        >
          {expanded ? "Show fewer folders" : `Show all ${folders.data.length} folders`}
        </button>
      )}
    </section>
  );
}
