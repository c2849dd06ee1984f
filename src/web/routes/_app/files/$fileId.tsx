import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { z } from "zod";
import { fileQuery } from "../../../api/files.ts";
import { FileBoards } from "../../../components/file/file-boards.tsx";
import { FileDetails } from "../../../components/file/file-details.tsx";
import { FileHeader } from "../../../components/file/file-header.tsx";
import { FilePreview } from "../../../components/file/file-preview.tsx";
import { FileSharedLinks } from "../../../components/file/file-shared-links.tsx";
import { SimilarFiles } from "../../../components/file/similar-files.tsx";
import { VersionsPanel } from "../../../components/file/versions-panel.tsx";
import { CommentsPanel } from "../../../components/review/comments-panel.tsx";
import { ReviewProvider } from "../../../components/review/review-context.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDateTime } from "../../../lib/format.ts";

/** `?comment=<id>` opens the Comments panel with that comment selected (the inbox links there). */
const FilePageSearch = z.object({ comment: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute("/_app/files/$fileId")({
  validateSearch: FilePageSearch,
  loader: async ({ context, params }) => {
    const file = await context.queryClient.ensureQueryData(fileQuery(params.fileId));
    // A page is a file of blocks, with nothing to preview or download: it opens in its editor.
    if (file.kind === "page" && !file.trashed_at)
      throw redirect({ to: "/pages/$pageId", params: { pageId: file.id }, replace: true });
    return file;
  },
  pendingComponent: FilePageSkeleton,
  component: FilePage,
});

const TAB =
  "flex-1 border-transparent border-b-2 px-3 py-2.5 font-medium text-sm text-zinc-600 hover:text-zinc-900 data-[state=active]:border-accent-600 data-[state=active]:text-zinc-900 dark:text-zinc-400 dark:data-[state=active]:text-zinc-100 dark:hover:text-zinc-100";

function FilePage() {
  const { fileId } = Route.useParams();
  const { comment } = Route.useSearch();
  const { data: file } = useSuspenseQuery(fileQuery(fileId));
  return (
    <ReviewProvider key={`${file.id}:${comment ?? ""}`} initialSelected={comment}>
      <div className="flex flex-col md:h-full">
        <FileHeader file={file} />
        {file.trashed_at && (
          <p
            role="status"
            className="flex items-center gap-2 border-amber-200 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            This file is in the trash since {formatDateTime(file.trashed_at)}. Restore it to use it again.
          </p>
        )}
        <div className="grid md:min-h-0 md:flex-1 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-label="Preview" className="h-[60vh] min-h-0 bg-zinc-100 md:h-auto dark:bg-zinc-950">
            <FilePreview key={`${file.id}:${file.version.active_id}`} file={file} />
          </section>
          <aside
            aria-label="File information"
            className="min-h-0 border-zinc-200 border-t md:overflow-y-auto md:border-t-0 md:border-l dark:border-zinc-800"
          >
            <Tabs.Root defaultValue={comment ? "comments" : "details"}>
              <Tabs.List
                aria-label="File panels"
                className="flex border-zinc-200 border-b dark:border-zinc-800"
              >
                <Tabs.Trigger value="details" className={TAB}>
                  Details
                </Tabs.Trigger>
                <Tabs.Trigger value="comments" className={TAB}>
                  Comments
                </Tabs.Trigger>
                <Tabs.Trigger value="versions" className={TAB}>
                  Versions
                  <span
                    aria-hidden="true"
                    className="ml-1.5 rounded-full bg-zinc-100 px-1.5 text-xs dark:bg-zinc-800"
                  >
                    {file.version.count}
                  </span>
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="details">
                <FileDetails file={file} />
                <FileBoards file={file} />
                <FileSharedLinks file={file} />
                <SimilarFiles file={file} />
              </Tabs.Content>
              <Tabs.Content value="comments">
                <CommentsPanel file={file} />
              </Tabs.Content>
              <Tabs.Content value="versions">
                <VersionsPanel file={file} />
              </Tabs.Content>
            </Tabs.Root>
          </aside>
        </div>
      </div>
    </ReviewProvider>
  );
}

function FilePageSkeleton() {
  return (
    <div className="flex h-full flex-col" role="status" aria-busy="true" aria-label="Loading file">
      <div className="space-y-2 border-zinc-200 border-b px-4 py-3 dark:border-zinc-800">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-6 w-72" />
      </div>
      <div className="grid flex-1 md:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="m-4 min-h-64 rounded-lg" />
        <div className="space-y-3 p-4">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}
