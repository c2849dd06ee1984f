import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Library as LibraryIcon, Plus } from "lucide-react";
import { useState } from "react";
import { useAccess } from "../../api/access.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { NewLibraryDialog } from "../../components/libraries/lazy-dialogs.ts";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { GuardedButton } from "../../components/ui/guarded-button.tsx";
import { PageSkeleton } from "../../components/ui/skeleton.tsx";

export const Route = createFileRoute("/_app/")({
  loader: ({ context }) => context.queryClient.ensureQueryData(librariesQuery()),
  pendingComponent: PageSkeleton,
  component: LibrariesPage,
});

function LibrariesPage() {
  const libraries = useQuery(librariesQuery());
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const denial = access.denial("libraries:write", "libraries.create");
  return (
    <div>
      <PageHeader
        title="Libraries"
        actions={
          <GuardedButton denial={denial} onClick={() => setCreating(true)}>
            <Plus className="size-4" /> New library
          </GuardedButton>
        }
      />
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-4 px-6 pb-8">
        {libraries.data?.map((library) => (
          <li key={library.id}>
            <Link
              to="/libraries/$libraryId"
              params={{ libraryId: library.id }}
              className="block rounded-lg border border-zinc-200 p-4 hover:border-accent-500 hover:shadow-sm dark:border-zinc-800"
            >
              <LibraryIcon className="size-5 text-accent-600" aria-hidden="true" />
              <h2 className="mt-3 font-medium">{library.name}</h2>
              <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">
                {library.description || "No description"}
              </p>
            </Link>
          </li>
        ))}
      </ul>
      {libraries.data?.length === 0 && (
        <p className="px-6 text-sm text-zinc-600">No libraries yet: create the first one.</p>
      )}
      <NewLibraryDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
