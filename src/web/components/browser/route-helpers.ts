import { notFound, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ApiError } from "../../api/client.ts";
import type { BrowseSearch } from "../../lib/browse-search.ts";

/** A loader's fetch where a 404 (unknown, or invisible to this key) shows the not-found page, not an error. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

/**
 * Updates the browse state in the URL in place (no history entry per filter click): the URL is the view,
 * so a copied link opens the same files, sorted and filtered the same way.
 */
export function useSetBrowseSearch() {
  const navigate = useNavigate();
  return useCallback(
    (patch: Partial<BrowseSearch>) =>
      void navigate({
        to: ".",
        search: (previous: BrowseSearch) => {
          const next: Record<string, unknown> = { ...previous, ...patch };
          for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
          return next;
        },
        replace: true,
      }),
    [navigate],
  );
}
