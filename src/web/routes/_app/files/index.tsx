import { createFileRoute } from "@tanstack/react-router";
import { AssetBrowser } from "../../../components/browser/browser.tsx";
import { useBrowseState } from "../../../components/browser/route-helpers.ts";
import { BrowseSearch } from "../../../lib/browse-search.ts";

/** Every file the key can see; the top bar's search arrives here as `q`. */
export const Route = createFileRoute("/_app/files/")({
  validateSearch: BrowseSearch,
  component: AllFilesPage,
});

function AllFilesPage() {
  const [search, setSearch] = useBrowseState(Route.useSearch());
  return <AssetBrowser scope={{ kind: "all" }} search={search} setSearch={setSearch} />;
}
