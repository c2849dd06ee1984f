import { formatCount, plural } from "../../lib/format.ts";

/**
 * How many files a board holds, from the first page of its listing (the API has no count): the exact number
 * when the page holds them all, "25+ files" when there are more.
 */
export function boardCount(page: { data: unknown[]; has_more: boolean }): string {
  const shown = page.data.length;
  if (shown === 0) return "No files yet";
  return page.has_more ? `${formatCount(shown)}+ files` : plural(shown, "file");
}
