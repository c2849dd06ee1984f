import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, MessageSquare, PenLine, RotateCcw, Trash2 } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import type { Comment, Reply } from "../../../contract/comments.ts";
import { meQuery, useAccess } from "../../api/access.ts";
import {
  repliesQuery,
  useCreateReply,
  useDeleteComment,
  useDeleteReply,
  useReopenComment,
  useResolveComment,
  useUpdateComment,
  useUpdateReply,
} from "../../api/comments.ts";
import { errorMessage } from "../../api/error-message.ts";
import { cn } from "../../lib/cn.ts";
import { formatDuration } from "../../lib/format.ts";
import { passFocusOn } from "../../lib/pass-focus-on.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { CommentComposer } from "./comment-composer.tsx";
import { authorName, subjectOf } from "./comment-subject.ts";
import { useReview } from "./review-context.tsx";

function Byline({ item }: { item: Comment | Reply }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
      <span className="font-medium text-sm text-zinc-900 dark:text-zinc-100">{authorName(item)}</span>
      <RelativeTime iso={item.created_at} />
      {item.edited_at && <span>(edited)</span>}
    </p>
  );
}

/**
 * Who may change or delete an item: its author edits; its author or `comments.manage` deletes; nobody while its
 * file is in the trash (the service answers 409 until it is restored; resolving stays open).
 */
function useRights(item: Comment | Reply, fileTrashed: boolean) {
  const me = useQuery(meQuery());
  const access = useAccess();
  const mine = !!me.data && item.author?.id === me.data.creator.id;
  const held = fileTrashed || access.denial("comments:write") !== null;
  return {
    canEdit: mine && !held,
    canDelete: !held && (mine || access.can("comments:write", "comments.manage")),
  };
}

function ReplyItem({
  fileId,
  commentId,
  reply,
  fileTrashed,
}: {
  fileId: string;
  commentId: string;
  reply: Reply;
  fileTrashed: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateReply();
  const remove = useDeleteReply();
  const rights = useRights(reply, fileTrashed);
  const params = { fileId, commentId, replyId: reply.id };
  const subject = subjectOf("reply", reply);
  return (
    <li className="space-y-1 border-zinc-200 border-l-2 pl-3 dark:border-zinc-700">
      <Byline item={reply} />
      {editing ? (
        <CommentComposer
          label="Edit reply"
          submitLabel="Save"
          denial={null}
          initialText={reply.text}
          onCancel={() => setEditing(false)}
          onSubmit={(draft) =>
            update.mutateAsync({ params, body: { text: draft.text, mentions: draft.mentions } }).then(
              () => setEditing(false),
              (error) => toast.error(errorMessage(error)),
            )
          }
        />
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm">{reply.text}</p>
      )}
      <div className="flex gap-1">
        {rights.canEdit && !editing && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${subject}`}>
            Edit
          </Button>
        )}
        {rights.canDelete && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${subject}`}
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this reply?"
        confirmLabel="Delete reply"
        danger
        onConfirm={() => remove.mutateAsync({ params })}
      >
        The reply is removed for everyone.
      </ConfirmDialog>
    </li>
  );
}

/** One comment: who and when, its text, marks and time, its state, its replies and what the user can do with it. */
export function CommentThread({
  comment,
  fileId,
  fileTrashed = false,
}: {
  comment: Comment;
  fileId: string;
  fileTrashed?: boolean;
}) {
  const review = useReview();
  const selected = review?.selectedId === comment.id;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [replying, setReplying] = useState(false);
  const access = useAccess();
  const rights = useRights(comment, fileTrashed);
  const replies = useQuery({ ...repliesQuery(fileId, comment.id), enabled: comment.has_replies && selected });
  const resolve = useResolveComment();
  const reopen = useReopenComment();
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const createReply = useCreateReply();
  const params = { fileId, commentId: comment.id };
  const replyDenial = fileTrashed
    ? "Restore the file to reply."
    : access.denial("comments:write", "comments.create");
  const stateDenial = access.denial("comments:write");
  const subject = subjectOf("comment", comment);
  const item = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const element = item.current;
    return () => passFocusOn(element);
  }, []);

  const open = () => {
    review?.select(comment.id);
    if (comment.timestamp_ms !== null) review?.player?.seek(comment.timestamp_ms);
  };
  return (
    <li
      ref={item}
      id={`comment-${comment.id}`}
      data-comment-id={comment.id}
      aria-current={selected ? "true" : undefined}
      className={cn(
        "space-y-2 rounded-lg border p-3",
        selected
          ? "border-accent-500 bg-accent-50/60 dark:bg-accent-700/20"
          : "border-zinc-200 dark:border-zinc-800",
        comment.resolved && !selected && "opacity-75",
      )}
    >
      <button
        type="button"
        onClick={open}
        className="block w-full space-y-1 rounded text-left focus-visible:outline-2 focus-visible:outline-accent-500"
        aria-pressed={selected}
      >
        <span className="sr-only">Show comment: </span>
        <Byline item={comment} />
        {(comment.timestamp_ms !== null || comment.annotations.length > 0 || comment.resolved) && (
          <span className="flex flex-wrap gap-1.5 text-xs">
            {comment.timestamp_ms !== null && (
              <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 tabular-nums dark:bg-amber-900/40 dark:text-amber-200">
                <Clock className="size-3" aria-hidden="true" /> {formatDuration(comment.timestamp_ms)}
              </span>
            )}
            {comment.annotations.length > 0 && (
              <span className="inline-flex items-center gap-1 rounded bg-red-100 px-1.5 py-0.5 font-medium text-red-900 dark:bg-red-900/40 dark:text-red-200">
                <PenLine className="size-3" aria-hidden="true" /> {comment.annotations.length}{" "}
                {comment.annotations.length === 1 ? "mark" : "marks"}
              </span>
            )}
            {comment.resolved && (
              <span className="inline-flex items-center gap-1 rounded bg-emerald-100 px-1.5 py-0.5 font-medium text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200">
                <CheckCircle2 className="size-3" aria-hidden="true" /> Resolved
              </span>
            )}
          </span>
        )}
      </button>
      {editing ? (
        <CommentComposer
          label="Edit comment"
          submitLabel="Save"
          denial={null}
          initialText={comment.text}
          onCancel={() => setEditing(false)}
          onSubmit={(draft) =>
            update.mutateAsync({ params, body: { text: draft.text, mentions: draft.mentions } }).then(
              () => setEditing(false),
              (error) => toast.error(errorMessage(error)),
            )
          }
        />
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm">{comment.text}</p>
      )}
      {comment.mentions.length > 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Mentions {comment.mentions.map((m) => m.name).join(", ")}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1">
        {comment.resolved ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={!!stateDenial}
            onClick={() => reopen.mutate({ params }, { onError: (e) => toast.error(errorMessage(e)) })}
            aria-label={`Reopen ${subject}`}
          >
            <RotateCcw className="size-3.5" aria-hidden="true" /> Reopen
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            disabled={!!stateDenial}
            onClick={() => resolve.mutate({ params }, { onError: (e) => toast.error(errorMessage(e)) })}
            aria-label={`Resolve ${subject}`}
          >
            <CheckCircle2 className="size-3.5" aria-hidden="true" /> Resolve
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setReplying(true);
            review?.select(comment.id);
          }}
          aria-label={`Reply to ${subject}${comment.reply_count > 0 ? ` (${comment.reply_count} ${comment.reply_count === 1 ? "reply" : "replies"})` : ""}`}
        >
          <MessageSquare className="size-3.5" aria-hidden="true" /> Reply
          {comment.reply_count > 0 && <span className="text-zinc-500">({comment.reply_count})</span>}
        </Button>
        {rights.canEdit && !editing && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${subject}`}>
            Edit
          </Button>
        )}
        {rights.canDelete && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${subject}`}
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
          </Button>
        )}
      </div>
      {selected && (replies.data?.length ?? 0) > 0 && (
        <ul aria-label="Replies" className="space-y-2">
          {replies.data?.map((reply) => (
            <ReplyItem
              key={reply.id}
              fileId={fileId}
              commentId={comment.id}
              reply={reply}
              fileTrashed={fileTrashed}
            />
          ))}
        </ul>
      )}
      {replying && (
        <CommentComposer
          label="Reply"
          submitLabel="Post reply"
          denial={replyDenial}
          onCancel={() => setReplying(false)}
          onSubmit={(draft) =>
            createReply.mutateAsync({ params, body: { text: draft.text, mentions: draft.mentions } }).then(
              () => setReplying(false),
              (error) => toast.error(errorMessage(error)),
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        danger
        onConfirm={() => remove.mutateAsync({ params })}
      >
        The comment and its {comment.reply_count === 1 ? "reply are" : `${comment.reply_count} replies are`}{" "}
        removed for everyone.
      </ConfirmDialog>
    </li>
  );
}
