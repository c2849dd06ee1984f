import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CheckCircle2, Clock, MessageSquare, PenLine } from "lucide-react";
import type { InboxComment } from "../../../contract/comments.ts";
import { useAccess } from "../../api/access.ts";
import { type InboxFilters, inboxQuery } from "../../api/comments.ts";
import { errorMessage } from "../../api/error-message.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { membersQuery } from "../../api/meta.ts";
import { formatDuration, plural } from "../../lib/format.ts";
import type { InboxSearch } from "../../routes/_app/comments.tsx";
import { FileThumb } from "../browser/file-thumb.tsx";
import { PageHeader } from "../shell/page-header.tsx";
import { AccessNotice } from "../ui/access-notice.tsx";
import { Button } from "../ui/button.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { authorName } from "./comment-subject.ts";

const SELECT =
  "h-9 min-w-0 max-w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

function toFilters(search: InboxSearch): InboxFilters {
  const state = search.state ?? "open";
  return {
    ...(search.library ? { library_id: search.library } : {}),
    ...(search.author ? { author_id: search.author } : {}),
    ...(search.mentions ? { mentions: "me" as const } : {}),
    ...(state === "all" ? {} : { resolved: state === "resolved" ? "true" : "false" }),
  };
}

function InboxRow({ comment }: { comment: InboxComment }) {
  return (
    <li>
      <Link
        to="/files/$fileId"
        params={{ fileId: comment.file.id }}
        search={{ comment: comment.id }}
        className="flex gap-3 rounded-lg border border-zinc-200 p-3 hover:border-accent-500 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-800 dark:hover:bg-zinc-900"
      >
        {/* The file at a glance: which picture the remark is about, before its name is read. */}
        <div className="size-14 shrink-0 overflow-hidden rounded-md">
          <FileThumb file={comment.file} iconClassName="size-6" />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
            <span className="font-medium text-sm text-zinc-900 dark:text-zinc-100">
              {authorName(comment)}
            </span>
            on <span className="font-medium text-zinc-800 dark:text-zinc-200">{comment.file.name}</span>
            <RelativeTime iso={comment.created_at} />
          </span>
          <span className="line-clamp-2 block whitespace-pre-wrap break-words text-sm">{comment.text}</span>
          <span className="flex flex-wrap gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            {comment.resolved ? (
              <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                <CheckCircle2 className="size-3" aria-hidden="true" /> Resolved
              </span>
            ) : (
              <span>Open</span>
            )}
            {comment.timestamp_ms !== null && (
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3" aria-hidden="true" /> {formatDuration(comment.timestamp_ms)}
              </span>
            )}
            {comment.annotations.length > 0 && (
              <span className="inline-flex items-center gap-1">
                <PenLine className="size-3" aria-hidden="true" /> marked
              </span>
            )}
            {comment.reply_count > 0 && (
              <span className="inline-flex items-center gap-1">
                <MessageSquare className="size-3" aria-hidden="true" />{" "}
                {plural(comment.reply_count, "reply", "replies")}
              </span>
            )}
          </span>
        </div>
      </Link>
    </li>
  );
}

/** Recent comments across the files the user can see, filtered by library, author, mention and state. */
export function CommentsInbox({
  search,
  onSearch,
}: {
  search: InboxSearch;
  onSearch: (next: Partial<InboxSearch>) => void;
}) {
  const denial = useAccess().denial("comments:read");
  const comments = useInfiniteQuery({ ...inboxQuery(toFilters(search)), enabled: !denial });
  const libraries = useQuery(librariesQuery());
  const members = useQuery(membersQuery());
  const items = comments.data?.pages.flatMap((page) => page.data as InboxComment[]) ?? [];
  return (
    <div className="pb-10">
      <PageHeader title="Comments" />
      <div className="space-y-4 px-6">
        {denial ? (
          <AccessNotice title="You cannot read comments" reason={denial} />
        ) : (
          <>
            <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
              <legend className="sr-only">Filter comments</legend>
              <select
                aria-label="State"
                className={SELECT}
                value={search.state ?? "open"}
                onChange={(e) => onSearch({ state: e.target.value as InboxSearch["state"] })}
              >
                <option value="open">Open</option>
                <option value="resolved">Resolved</option>
                <option value="all">All</option>
              </select>
              <select
                aria-label="Library"
                className={SELECT}
                value={search.library ?? ""}
                onChange={(e) => onSearch({ library: e.target.value || undefined })}
              >
                <option value="">All libraries</option>
                {libraries.data?.map((library) => (
                  <option key={library.id} value={library.id}>
                    {library.name}
                  </option>
                ))}
              </select>
              <select
                aria-label="Author"
                className={SELECT}
                value={search.author ?? ""}
                onChange={(e) => onSearch({ author: e.target.value || undefined })}
              >
                <option value="">Anyone</option>
                {members.data?.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={search.mentions === "me"}
                  onChange={(e) => onSearch({ mentions: e.target.checked ? "me" : undefined })}
                />
                Mentions me
              </label>
            </fieldset>
            {comments.isPending ? (
              <div className="space-y-2" role="status" aria-label="Loading comments">
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-20 w-full" />
              </div>
            ) : comments.isError ? (
              <p role="alert" className="text-red-700 text-sm dark:text-red-400">
                {errorMessage(comments.error)}
              </p>
            ) : items.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No comments match these filters.</p>
            ) : (
              <ul aria-label="Comments" className="space-y-2">
                {items.map((comment) => (
                  <InboxRow key={comment.id} comment={comment} />
                ))}
              </ul>
            )}
            {comments.hasNextPage && (
              <Button
                variant="secondary"
                disabled={comments.isFetchingNextPage}
                onClick={() => void comments.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
