import { notFound, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
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

/** Without absent values, with sorted keys: equal states give equal text. */
function canonical(search: Record<string, unknown>): BrowseSearch {
  return Object.fromEntries(
    Object.entries(search)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  ) as BrowseSearch;
}

/**
 * The browse state: the URL's (so a copied link opens the same files, sorted and filtered the same way), updated
 * in place without a history entry per filter click. A change shows at once, before the router has finished its
 * navigation (which checks the session first), so checkboxes and the list never lag behind a click.
 */
export function useBrowseState<S extends BrowseSearch>(url: S): [S, (patch: Partial<S>) => void] {
  const navigate = useNavigate();
  const [pending, setPending] = useState<S | null>(null);
  const urlText = JSON.stringify(canonical(url));
  useEffect(() => {
    setPending((current) => (current && JSON.stringify(current) === urlText ? null : current));
  }, [urlText]);
  const set = useCallback(
    (patch: Partial<S>) => {
      setPending((current) => canonical({ ...(current ?? url), ...patch }) as S);
      void navigate({
        to: ".",
        search: (previous: BrowseSearch) => canonical({ ...previous, ...patch }),
        replace: true,
      });
    },
    [navigate, url],
  );
  return [pending ?? url, set];
}
