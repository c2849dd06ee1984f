import { useQueryClient } from "@tanstack/react-query";
import type { Operation } from "../../contract/operation.ts";
import {
  copyFile,
  deleteFile,
  getFile,
  listFiles,
  listSimilarFiles,
  listTags,
  moveFile,
  restoreFile,
  updateFile,
} from "../../contract/operations/files.ts";
import { getFolder, listFolders } from "../../contract/operations/folders.ts";
import { getLibrary } from "../../contract/operations/libraries.ts";
import { type BrowseSearch, effectiveOrder } from "../lib/browse-search.ts";
import { withTagConditions } from "../lib/tag-conditions.ts";
import { call } from "./client.ts";
import { apiInfiniteQuery, apiQuery, invalidateOperations } from "./query.ts";

/** Where a listing looks: a folder's direct files, a library's top level, or (neither) everything visible. */
export interface FileScope {
  libraryId?: string;
  folderId?: string;
  trashed?: boolean;
}

/** Page size of the browse views: the most the service gives in one page. */
export const FILE_PAGE_SIZE = 100;

/** A calendar day of the browse URL as the first or last millisecond of that day in the viewer's time zone. */
export function dayBound(day: string | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const filterOf = (search: BrowseSearch) => {
  const filter = withTagConditions(search.filter, search.tag);
  return filter ? JSON.stringify(filter) : undefined;
};

const joined = (values: string[] | undefined) => (values?.length ? values.join(",") : undefined);

/** The listFiles query of a browse view: its scope plus the URL's search, sort and filters. */
export function fileListInput(scope: FileScope, search: BrowseSearch) {
  const query = {
    limit: FILE_PAGE_SIZE,
    folder_id: scope.folderId,
    library_id: scope.folderId ? undefined : scope.libraryId,
    trashed: scope.trashed ? ("true" as const) : undefined,
    q: search.q?.trim() || undefined,
    kind: joined(search.kind),
    extensions: joined(search.ext),
    min_size: search.min_size,
    max_size: search.max_size,
    created_after: dayBound(search.after, false),
    created_before: dayBound(search.before, true),
    uploaded_by: joined(search.uploader),
    filter: filterOf(search),
    sort: search.sort,
    order: effectiveOrder(search),
  };
  // Absent values are dropped so that equal views share one cache entry.
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as typeof query;
}

/** A browse view's listFiles query; `withValues`: each file with its property values (the list's columns). */
export const fileListQuery = (scope: FileScope, search: BrowseSearch, withValues = false) =>
  apiInfiniteQuery(listFiles, {
    query: { ...fileListInput(scope, search), ...(withValues ? { include: "properties" } : {}) },
  });

/** A file with its extended fields; polled while its previews are being made. */
export const fileQuery = (fileId: string) => ({
  ...apiQuery(getFile, { params: { fileId } }),
  refetchInterval: (query: { state: { data?: { status: string } } }) =>
    query.state.data?.status === "processing" ? 2_000 : false,
});

/** The files around one, for ←/→: its folder's (or library top level's) first page in the default order. */
export const siblingsQuery = (libraryId: string, folderId: string | null) =>
  apiQuery(listFiles, {
    query: folderId ? { folder_id: folderId, limit: 100 } : { library_id: libraryId, limit: 100 },
  });

/** Look-alikes of a file, best first: a few for the file page. */
export const similarFilesQuery = (fileId: string, limit = 8) =>
  apiQuery(listSimilarFiles, { params: { fileId }, query: { limit } });

/**
 * A file picker's list: with words, the files that match them; without, the newest files. `kind` narrows
 * both to one kind (an image block offers images only).
 */
export const filePickerQuery = (q: string, kind?: "image") => ({
  ...apiQuery(listFiles, {
    query: {
      limit: 24,
      ...(q ? { q } : { sort: "created_at" as const, order: "desc" as const }),
      ...(kind ? { kind } : {}),
    },
  }),
  staleTime: 30_000,
});

/** The command palette's file search; each answer counts on the search counter, so it is kept a while. */
export const fileSearchQuery = (q: string, limit: number) => ({
  ...apiQuery(listFiles, { query: { q, limit } }),
  staleTime: 30_000,
});

/** What changes when files move, are trashed, restored, copied or retagged (tags in use count active files). */
export const FILE_CHANGES: Operation[] = [listFiles, getFile, getFolder, getLibrary, listTags];
/** What a folder change can affect: listings and counts, and the files a trashed folder hides. */
export const FOLDER_CHANGES: Operation[] = [listFolders, getFolder, getLibrary, listFiles];

/** A destination of move and copy, exactly one of the three the contract accepts. */
export type FileDestination = { library_id: string } | { folder_id: string } | { to_root: true };

export interface BulkResult<T> {
  done: T[];
  failed: { item: T; error: unknown }[];
}

/**
 * Runs one call per item, a few at a time (the service counts every request against its sustained rate), and
 * collects what failed instead of stopping at the first failure.
 */
export async function runBulk<T>(
  items: T[],
  task: (item: T) => Promise<unknown>,
  concurrency = 4,
): Promise<BulkResult<T>> {
  const result: BulkResult<T> = { done: [], failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
        result.done.push(item);
      } catch (error) {
        result.failed.push({ item, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return result;
}

const once = () => crypto.randomUUID();

export const moveFiles = (ids: string[], to: FileDestination) =>
  runBulk(ids, (fileId) => call(moveFile, { params: { fileId }, body: to, idempotencyKey: once() }));

export const copyFiles = (ids: string[], to: FileDestination) =>
  runBulk(ids, (fileId) => call(copyFile, { params: { fileId }, body: to, idempotencyKey: once() }));

export const trashFiles = (ids: string[]) =>
  runBulk(ids, (fileId) => call(deleteFile, { params: { fileId }, idempotencyKey: once() }));

export const deleteFilesPermanently = (ids: string[]) =>
  runBulk(ids, (fileId) =>
    call(deleteFile, { params: { fileId }, query: { permanent: "true" }, idempotencyKey: once() }),
  );

export const restoreFiles = (ids: string[]) =>
  runBulk(ids, (fileId) => call(restoreFile, { params: { fileId }, idempotencyKey: once() }));

/** Adds tags to each file, keeping the tags it has (listings do not carry tags, so each file is read first). */
export const addTags = (ids: string[], tags: string[]) =>
  runBulk(ids, async (fileId) => {
    const file = await call(getFile, { params: { fileId } });
    const merged = [...new Set([...file.tags, ...tags])];
    if (merged.length === file.tags.length) return;
    await call(updateFile, { params: { fileId }, body: { tags: merged }, idempotencyKey: once() });
  });

/** Refetches every cached answer of the given operations (after a bulk action made of many calls). */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return (ops: Operation[]) => invalidateOperations(queryClient, ops);
}
