import { type UseQueryResult, useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Board } from "../../../contract/boards.ts";
import type { FileBase } from "../../../contract/files.ts";
import type { Folder } from "../../../contract/folders.ts";
import type { Library } from "../../../contract/libraries.ts";
import { useAccess } from "../../api/access.ts";
import { boardsQuery } from "../../api/boards.ts";
import { fileSearchQuery } from "../../api/files.ts";
import { libraryFoldersQuery } from "../../api/folders.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { normalise } from "./match.ts";

const FILE_LIMIT = 8;
const FOLDER_LIMIT = 8;
const LIBRARY_LIMIT = 6;
const BOARD_LIMIT = 6;
/** File search consumes the brandspace's search counter: ask once the typing pauses. */
const FILE_SEARCH_DELAY_MS = 200;

export interface FolderHit {
  folder: Folder;
  /** Library name, then the ancestors' names, for telling same-named folders apart. */
  trail: string[];
}

export interface PaletteResults {
  files: FileBase[];
  folders: FolderHit[];
  libraries: Library[];
  boards: Board[];
  loading: boolean;
  /** The file search failed or is not allowed: the reason, shown in place of file results. */
  fileProblem: string | null;
}

/** Stable across renders while no list changes (a module-level `combine` is memoised by TanStack Query). */
function combineFolderLists(results: UseQueryResult<Folder[]>[]) {
  return {
    lists: results.map((result) => result.data),
    loading: results.some((result) => result.isPending && result.fetchStatus === "fetching"),
  };
}

function trailOf(folder: Folder, byId: Map<string, Folder>, libraryName: string): string[] {
  const names: string[] = [];
  let parentId = folder.parent_id;
  // A cycle cannot happen in a tree, but a cap keeps a corrupt answer from hanging the tab.
  for (let depth = 0; parentId && depth < 50; depth += 1) {
    const parent = byId.get(parentId);
    if (!parent) break;
    names.unshift(parent.name);
    parentId = parent.parent_id;
  }
  return [libraryName, ...names];
}

/**
 * What the palette finds for `search`: files through the service's search (debounced), folders, libraries and
 * boards by name from cached lists. Folders have no search parameter, so each library's whole tree is listed once
 * while the palette is open (cached for a minute) and filtered here.
 */
export function usePaletteResults(search: string, open: boolean): PaletteResults {
  const access = useAccess();
  const text = search.trim();
  const needle = normalise(text);
  const debounced = useDebounced(text, FILE_SEARCH_DELAY_MS);
  const canReadFiles = access.can("files:read");
  const canReadLibraries = access.can("libraries:read");

  const libraries = useQuery({ ...librariesQuery(), enabled: open && canReadLibraries });
  const boards = useQuery({ ...boardsQuery(), enabled: open && access.can("boards:read") });
  const files = useQuery({
    ...fileSearchQuery(debounced, FILE_LIMIT),
    enabled: open && canReadFiles && debounced.length > 0,
  });
  const folderLists = useQueries({
    queries: (libraries.data ?? []).map((library) => ({
      ...libraryFoldersQuery(library.id),
      enabled: open && canReadLibraries,
    })),
    combine: combineFolderLists,
  });

  const folders = useMemo(() => {
    if (!needle) return [];
    const hits: FolderHit[] = [];
    for (const [index, list] of folderLists.lists.entries()) {
      const library = libraries.data?.[index];
      if (!list || !library) continue;
      const byId = new Map(list.map((folder) => [folder.id, folder]));
      for (const folder of list) {
        if (normalise(folder.name).includes(needle)) {
          hits.push({ folder, trail: trailOf(folder, byId, library.name) });
        }
      }
    }
    // Names that start with the search first, then shorter names: the likeliest target on top.
    const starts = (hit: FolderHit) => (normalise(hit.folder.name).startsWith(needle) ? 0 : 1);
    hits.sort((a, b) => starts(a) - starts(b) || a.folder.name.length - b.folder.name.length);
    return hits.slice(0, FOLDER_LIMIT);
  }, [needle, libraries.data, folderLists.lists]);

  const matchingLibraries = needle
    ? (libraries.data ?? [])
        .filter((library) => normalise(library.name).includes(needle))
        .slice(0, LIBRARY_LIMIT)
    : [];

  // Names that start with the search first, as for folders.
  const matchingBoards = needle
    ? (boards.data ?? [])
        .filter((board) => normalise(board.name).includes(needle))
        .sort(
          (a, b) =>
            Number(!normalise(a.name).startsWith(needle)) - Number(!normalise(b.name).startsWith(needle)),
        )
        .slice(0, BOARD_LIMIT)
    : [];

  const fileDenial = access.denial("files:read");
  return {
    // Only the answer for what is typed now: a stale row would take Enter away from the command typed.
    files: text && debounced === text ? (files.data?.data ?? []) : [],
    folders,
    libraries: matchingLibraries,
    boards: matchingBoards,
    loading:
      (text.length > 0 && canReadFiles && (debounced !== text || files.isFetching)) ||
      (needle.length > 0 && folderLists.loading),
    fileProblem: fileDenial ?? (files.error ? files.error.message : null),
  };
}
