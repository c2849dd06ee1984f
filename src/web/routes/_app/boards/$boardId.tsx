import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { boardQuery } from "../../../api/boards.ts";
import { BoardBrowser } from "../../../components/boards/board-browser.tsx";
import { orNotFound, useBrowseState } from "../../../components/browser/route-helpers.ts";
import { RouteNotFound } from "../../../components/route-not-found.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { BoardSearch } from "../../../lib/board-search.ts";

export const Route = createFileRoute("/_app/boards/$boardId")({
  validateSearch: BoardSearch,
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(boardQuery(params.boardId))),
  pendingComponent: PageSkeleton,
  notFoundComponent: RouteNotFound,
  component: BoardPage,
});

function BoardPage() {
  const { boardId } = Route.useParams();
  const [search, setSearch] = useBrowseState(Route.useSearch());
  // Not suspense: after the board is deleted its refetch fails, and the page keeps its last answer as it leaves.
  const board = useQuery(boardQuery(boardId)).data;
  if (!board) return <PageSkeleton />;
  return <BoardBrowser key={boardId} board={board} search={search} setSearch={setSearch} />;
}
