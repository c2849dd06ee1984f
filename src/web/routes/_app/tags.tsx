import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Search, Tag } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import type { TagInUse } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { tagsInUseQuery } from "../../api/tags.ts";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { TagRow } from "../../components/tags/tag-row.tsx";
import type { TagScope } from "../../components/tags/tag-scope.ts";
import { AccessNotice } from "../../components/ui/access-notice.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { ListTable } from "../../components/ui/list-table.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDebounced } from "../../lib/use-debounced.ts";

/** The library chosen lives in the URL, so a library's tags can be linked to and survive a reload. */
const TagsSearch = z.object({
  library: z.string().max(64).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/tags")({
  validateSearch: TagsSearch,
  component: TagsPage,
});

const TYPING_PAUSE_MS = 250;

function EmptyState({ searched }: { searched: string }) {
  return (
    <div className="mx-6 flex flex-col items-center rounded-lg border border-zinc-300 border-dashed px-6 py-12 text-center dark:border-zinc-700">
      <Tag className="size-8 text-accent-600 dark:text-accent-500" aria-hidden="true" />
      <h2 className="mt-3 font-medium">{searched ? `No tag starts with “${searched}”` : "No tags yet"}</h2>
      <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        Tags are added on a file’s page, or to many files at once from a selection. They show here with the
        number of files that carry them.
      </p>
    </div>
  );
}

function TagTable({ q, library, denial }: { q: string; library: TagScope; denial: string | null }) {
  const tags = useInfiniteQuery({ ...tagsInUseQuery(q, library?.id), placeholderData: keepPreviousData });
  if (tags.isPending)
    return (
      <div className="space-y-2 px-6" role="status" aria-label="Loading tags">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (tags.isError)
    return (
      <p role="alert" className="px-6 text-red-700 text-sm dark:text-red-400">
        {errorMessage(tags.error)}
      </p>
    );
  const items = tags.data.pages.flatMap((page) => page.data as TagInUse[]);
  if (items.length === 0) return <EmptyState searched={q} />;
  return (
    <>
      <ListTable
        caption="Tags in use"
        columns={[
          { key: "tag", label: "Tag" },
          { key: "files", label: "Files", className: "w-16 text-right sm:w-24" },
          { key: "actions", label: "Actions", hidden: true, className: "w-28" },
        ]}
      >
        {items.map((tag) => (
          <TagRow key={tag.name} tag={tag} library={library} denial={denial} />
        ))}
      </ListTable>
      {tags.hasNextPage && (
        <div className="px-6 pt-4">
          <Button
            variant="secondary"
            disabled={tags.isFetchingNextPage}
            onClick={() => void tags.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

function TagsPage() {
  const access = useAccess();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const libraries = useQuery(librariesQuery());
  const chosen = libraries.data?.find((l) => l.id === search.library);
  const library: TagScope = search.library
    ? { id: search.library, name: chosen?.name ?? "this library" }
    : null;
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), TYPING_PAUSE_MS);
  const readDenial = access.denial("files:read");
  return (
    <div className="pb-10">
      <PageHeader title="Tags" />
      {readDenial ? (
        <AccessNotice title="Tags are not available to this dashboard" reason={readDenial} />
      ) : (
        <>
          <p className="-mt-2 mb-4 max-w-3xl px-6 text-sm text-zinc-600 dark:text-zinc-400">
            The tags on the files you can see, the most used first. Rename a tag to correct it everywhere, or
            onto another tag to merge the two (“logo” into “Logo”); remove one to take it off every file.
            Changes reach the files of the libraries you can edit, or of the one library chosen.
          </p>
          <div className="mx-6 mb-4 flex flex-wrap items-center gap-2">
            <div className="relative w-full max-w-sm">
              <Search
                className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-zinc-500"
                aria-hidden="true"
              />
              <Input
                type="search"
                aria-label="Find a tag"
                placeholder="Find a tag"
                value={text}
                maxLength={100}
                onChange={(event) => setText(event.target.value)}
                className="pl-8"
              />
            </div>
            <select
              aria-label="Library"
              className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              value={search.library ?? ""}
              onChange={(event) =>
                navigate({ search: { library: event.target.value || undefined }, replace: true })
              }
            >
              <option value="">All libraries</option>
              {libraries.data?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <TagTable q={q} library={library} denial={access.denial("files:write", "files.edit")} />
        </>
      )}
    </div>
  );
}
