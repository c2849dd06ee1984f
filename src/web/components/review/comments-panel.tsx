import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Comment } from "../../../contract/comments.ts";
import type { File } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { fileCommentsQuery, useCreateComment } from "../../api/comments.ts";
import { errorMessage } from "../../api/error-message.ts";
import { cn } from "../../lib/cn.ts";
import { toast } from "../../lib/toast.ts";
import { Skeleton } from "../ui/skeleton.tsx";
import { CommentComposer } from "./comment-composer.tsx";
import { CommentThread } from "./comment-thread.tsx";
import { useReview } from "./review-context.tsx";

type Show = "open" | "resolved" | "all";
const SHOWS: { value: Show; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "resolved", label: "Resolved" },
  { value: "all", label: "All" },
];

const shows = (show: Show) => (comment: Comment) =>
  show === "all" || (show === "resolved" ? comment.resolved : !comment.resolved);

/** Keeps the preview in step with the thread: the selected comment's marks, and every comment's time as a marker. */
function useSyncPreview(comments: Comment[] | undefined, listed: Comment[]) {
  const review = useReview();
  // Only a listed comment's marks: one resolved out of the "Open" list takes its marks along.
  const selected = listed.find((c) => c.id === review?.selectedId);
  const setShown = review?.setShown;
  const setMarkers = review?.setMarkers;
  useEffect(() => {
    setShown?.(selected?.annotations ?? []);
  }, [selected, setShown]);
  useEffect(() => {
    setMarkers?.(
      (comments ?? []).flatMap((c) => (c.timestamp_ms === null ? [] : [{ id: c.id, ms: c.timestamp_ms }])),
    );
  }, [comments, setMarkers]);
  useEffect(() => {
    if (selected) document.getElementById(`comment-${selected.id}`)?.scrollIntoView({ block: "nearest" });
  }, [selected]);
}

/** The file page's review: threads with replies, a filter for open and resolved, and a composer. */
export function CommentsPanel({ file }: { file: File }) {
  const review = useReview();
  const comments = useQuery(fileCommentsQuery(file.id));
  const create = useCreateComment();
  const access = useAccess();
  const selectedResolved = comments.data?.some((c) => c.id === review?.selectedId && c.resolved);
  const [show, setShow] = useState<Show>(selectedResolved ? "all" : "open");
  const listed = (comments.data ?? []).filter(shows(show));
  useSyncPreview(comments.data, listed);
  const denial = file.trashed_at
    ? "Restore the file to comment on it."
    : access.denial("comments:write", "comments.create");
  const media =
    file.kind === "image" ? "picture" : file.kind === "video" || file.kind === "audio" ? "player" : undefined;
  const counts = {
    open: comments.data?.filter((c) => !c.resolved).length ?? 0,
    resolved: comments.data?.filter((c) => c.resolved).length ?? 0,
    all: comments.data?.length ?? 0,
  };
  return (
    <div className="space-y-4 p-4" data-focus-scope>
      <CommentComposer
        label="Comment"
        submitLabel="Comment"
        denial={denial}
        withMedia={media}
        onSubmit={async (draft) => {
          try {
            const created = await create.mutateAsync({
              params: { fileId: file.id },
              body: {
                text: draft.text,
                mentions: draft.mentions,
                ...(draft.timestampMs !== null && draft.timestampMs !== undefined
                  ? { timestamp_ms: draft.timestampMs }
                  : {}),
                ...(review && review.draft.length > 0 ? { annotations: review.draft } : {}),
              },
            });
            review?.setDraft(() => []);
            review?.setTool(null);
            review?.select(created.id);
            setShow((current) => (current === "resolved" ? "open" : current));
          } catch (error) {
            toast.error(errorMessage(error));
            throw error;
          }
        }}
      />
      <fieldset className="flex gap-1 rounded-md bg-zinc-100 p-1 dark:bg-zinc-800">
        <legend className="sr-only">Show comments</legend>
        {SHOWS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={show === option.value}
            data-focus-home={show === option.value || undefined}
            onClick={() => setShow(option.value)}
            className={cn(
              "flex-1 rounded px-2 py-1 font-medium text-xs",
              show === option.value
                ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-900 dark:text-zinc-100"
                : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400",
            )}
          >
            {option.label} ({counts[option.value]})
          </button>
        ))}
      </fieldset>
      {comments.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading comments">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : comments.isError ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-400">
          {errorMessage(comments.error)}
        </p>
      ) : listed.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {show === "resolved"
            ? "No resolved comments."
            : show === "open"
              ? "No open comments."
              : "No comments yet."}
        </p>
      ) : (
        <ul aria-label="Comments" className="space-y-3">
          {listed.map((comment) => (
            <CommentThread
              key={comment.id}
              comment={comment}
              fileId={file.id}
              fileTrashed={file.trashed_at !== null}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
