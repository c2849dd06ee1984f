/**
 * The order of the browse view a file was opened from (its sort, filters and search, as far as it had loaded),
 * so that the file page's ←/→ walk the files the user was looking at. Kept for the tab's session: a reload of the
 * file page keeps it; a file reached any other way falls back to its folder's order.
 */
const KEY = "brandspace.browse-order";
/** More than any view loads before someone opens a file; bounds what the session keeps. */
const MAX_IDS = 5000;

export function rememberBrowseOrder(fileIds: string[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(fileIds.slice(0, MAX_IDS)));
  } catch {
    // Storage full or disabled: ←/→ follow the folder instead.
  }
}

/** The files before and after `fileId` in the remembered order, or null when it is not in it. */
export function browseNeighbours(fileId: string): { previous: string | null; next: string | null } | null {
  let ids: unknown;
  try {
    ids = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
  } catch {
    return null;
  }
  if (!Array.isArray(ids)) return null;
  const at = ids.indexOf(fileId);
  if (at < 0) return null;
  const id = (value: unknown) => (typeof value === "string" ? value : null);
  return { previous: id(ids[at - 1]), next: id(ids[at + 1]) };
}
