import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect } from "react";
import type { File } from "../../../contract/files.ts";
import { siblingsQuery } from "../../api/files.ts";
import { folderQuery } from "../../api/folders.ts";
import { libraryQuery } from "../../api/libraries.ts";
import { browseNeighbours } from "../../lib/browse-order.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { Breadcrumbs, type Crumb } from "../shell/page-header.tsx";
import { Button } from "../ui/button.tsx";
import { FileActions } from "./file-actions.tsx";
import { placeOf } from "./file-place.ts";
import { isTypingTarget } from "./keys.ts";

/** Library › folders › file, from the library and the folder's path (its ancestors, then itself). */
function useCrumbs(file: File): Crumb[] {
  const library = useQuery(libraryQuery(file.library_id));
  const folder = useQuery({ ...folderQuery(file.folder_id ?? ""), enabled: file.folder_id !== null });
  const crumbs: Crumb[] = [
    {
      label: library.data?.name ?? "Library",
      link: { to: "/libraries/$libraryId", params: { libraryId: file.library_id } },
    },
  ];
  if (folder.data) {
    for (const step of [...folder.data.path, { id: folder.data.id, name: folder.data.name }]) {
      crumbs.push({ label: step.name, link: { to: "/folders/$folderId", params: { folderId: step.id } } });
    }
  }
  crumbs.push({ label: file.name });
  return crumbs;
}

/**
 * The files before and after this one, for ← and →: in the browse view it was opened from, else in its folder
 * (first page, default order).
 */
function useNeighbours(file: File): { previous: string | null; next: string | null } {
  const remembered = browseNeighbours(file.id);
  const siblings = useQuery({
    ...siblingsQuery(file.library_id, file.folder_id),
    enabled: !file.trashed_at && !remembered,
  });
  if (remembered) return remembered;
  const ids = siblings.data?.data.map((f) => f.id) ?? [];
  const at = ids.indexOf(file.id);
  if (at < 0) return { previous: null, next: null };
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
}

function NeighbourLink({
  fileId,
  label,
  children,
}: {
  fileId: string | null;
  label: string;
  children: React.ReactNode;
}) {
  if (!fileId) {
    return (
      <Button variant="ghost" size="icon" aria-label={label} disabled>
        {children}
      </Button>
    );
  }
  return (
    <Link
      to="/files/$fileId"
      params={{ fileId }}
      aria-label={label}
      title={label}
      className="inline-flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {children}
    </Link>
  );
}

/** Breadcrumbs, title and actions of the file page, and its keys: Escape back to the folder, ←/→ neighbours. */
export function FileHeader({ file }: { file: File }) {
  const navigate = useNavigate();
  const { previous, next } = useNeighbours(file);
  const place = placeOf(file);
  useDocumentTitle(file.name);

  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      if (isTypingTarget(event) || document.querySelector("[role=dialog]")) return;
      if (event.key === "Escape") void navigate(place);
      else if (event.key === "ArrowLeft" && previous)
        void navigate({ to: "/files/$fileId", params: { fileId: previous } });
      else if (event.key === "ArrowRight" && next)
        void navigate({ to: "/files/$fileId", params: { fileId: next } });
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  }, [navigate, place, previous, next]);

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-zinc-200 border-b px-4 py-3 dark:border-zinc-800">
      <div className="flex min-w-0 items-center gap-2">
        <Link
          {...place}
          aria-label="Back to folder"
          title="Back (Esc)"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <ArrowLeft className="size-4" />
        </Link>
        <div className="min-w-0">
          <Breadcrumbs crumbs={useCrumbs(file)} />
          <h1 className="truncate font-semibold text-xl">{file.name}</h1>
        </div>
      </div>
      {/* On a narrow screen the actions wrap to lines of their own rather than squeeze their labels. */}
      <div className="flex flex-wrap items-center gap-2 [&>*]:whitespace-nowrap">
        <div className="mr-1 flex items-center">
          <NeighbourLink fileId={previous} label="Previous file">
            <ChevronLeft className="size-4" />
          </NeighbourLink>
          <NeighbourLink fileId={next} label="Next file">
            <ChevronRight className="size-4" />
          </NeighbourLink>
        </div>
        <FileActions file={file} />
      </div>
    </div>
  );
}
