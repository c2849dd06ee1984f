import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { libraryQuery } from "../../../api/libraries.ts";
import { AssetBrowser } from "../../../components/browser/browser.tsx";
import { orNotFound, useBrowseState } from "../../../components/browser/route-helpers.ts";
import { RouteNotFound } from "../../../components/route-not-found.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { BrowseSearch } from "../../../lib/browse-search.ts";

export const Route = createFileRoute("/_app/libraries/$libraryId")({
  validateSearch: BrowseSearch,
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(libraryQuery(params.libraryId))),
  pendingComponent: PageSkeleton,
  notFoundComponent: RouteNotFound,
  component: LibraryPage,
});

function LibraryPage() {
  const { libraryId } = Route.useParams();
  const [search, setSearch] = useBrowseState(Route.useSearch());
  // Not suspense: after a delete the refetch fails, and the page keeps its last answer until it navigates away.
  const library = useQuery(libraryQuery(libraryId)).data;
  if (!library) return <PageSkeleton />;
  return (
    <AssetBrowser
      key={libraryId}
      scope={{ kind: "library", library }}
      search={search}
      setSearch={setSearch}
    />
  );
}
