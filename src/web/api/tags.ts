import { listTags, removeTag, renameTag } from "../../contract/operations/files.ts";
import { FILE_CHANGES } from "./files.ts";
import { apiInfiniteQuery, apiQuery, useApiMutation } from "./query.ts";

/** The listing's query: `q` and `library_id` only when set. */
const tagsQueryOf = (limit: number, q: string, libraryId: string | undefined) => ({
  limit,
  ...(q ? { q } : {}),
  ...(libraryId ? { library_id: libraryId } : {}),
});

/**
 * Tags in use that start with `q` (or the most used, without it), for suggesting one as it is typed; counted in
 * one library with `libraryId`.
 */
export const tagSuggestionsQuery = (q: string, limit: number, libraryId?: string) => ({
  ...apiQuery(listTags, { query: tagsQueryOf(limit, q, libraryId) }),
  staleTime: 30_000,
});

/** The Tags screen's list: the tags in use, the most used first, page after page; `q` as in the suggestions. */
export const tagsInUseQuery = (q: string, libraryId?: string) =>
  apiInfiniteQuery(listTags, { query: tagsQueryOf(50, q, libraryId) });

/** A tag's new text on every file the key's creator can edit: the tag lists and the files change with it. */
export const useRenameTag = () => useApiMutation(renameTag, { invalidates: FILE_CHANGES });
export const useRemoveTag = () => useApiMutation(removeTag, { invalidates: FILE_CHANGES });
