import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { folderQuery } from "../../../api/folders.ts";
import { librariesQuery } from "../../../api/libraries.ts";
import { AssetBrowser } from "../../../components/browser/browser.tsx";
import { orNotFound, useBrowseState } from "../../../components/browser/route-helpers.ts";
import { RouteNotFound } from "../../../components/route-not-found.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { BrowseSearch } from "../../../lib/browse-search.ts";

export const Route = createFileRoute("/_app/folders/$folderId")({
  validateSearch: BrowseSearch,
  loader: ({ context, params }) =>
    Promise.all([
      orNotFound(context.queryClient.ensureQueryData(folderQuery(params.folderId))),
      context.queryClient.ensureQueryData(librariesQuery()),
    ]),
  pendingComponent: PageSkeleton,
  notFoundComponent: RouteNotFound,
  component: FolderPage,
});

function FolderPage() {
  const { folderId } = Route.useParams();
  const [search, setSearch] = useBrowseState(Route.useSearch());
  // Not suspense: after a trash or delete the refetch fails, and the page keeps its last answer while it leaves.
  const folder = useQuery(folderQuery(folderId)).data;
  const libraries = useQuery(librariesQuery()).data;
  if (!folder) return <PageSkeleton />;
  const libraryName = libraries?.find((l) => l.id === folder.library_id)?.name ?? "Library";
  return (
    <AssetBrowser
      key={folderId}
      scope={{ kind: "folder", folder, libraryName }}
      search={search}
      setSearch={setSearch}
    />
  );
}
