import { useQuery } from "@tanstack/react-query";
import { Clock, PenLine, Square, X } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import type { Person } from "../../../contract/comments.ts";
import { membersQuery } from "../../api/meta.ts";
import { formatDuration } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { applyMention, matchMembers, mentionAt } from "./mentions.ts";
import { type DrawTool, useReview } from "./review-context.tsx";

export interface Draft {
  text: string;
  mentions: string[];
  timestampMs?: number | null;
}

interface ComposerProps {
  label: string;
  submitLabel: string;
  /** Why the user cannot write, or null. */
  denial: string | null;
  /** Marks on the picture and the playhead: for a new comment, not for replies. */
  withMedia?: "picture" | "player";
  initialText?: string;
  onSubmit: (draft: Draft) => Promise<unknown>;
  onCancel?: () => void;
}

/** A text box with @-mentions of members (chosen from a list as you type) and, for a comment, marks or a time. */
export function CommentComposer({
  label,
  submitLabel,
  denial,
  withMedia,
  initialText = "",
  onSubmit,
  onCancel,
}: ComposerProps) {
  const [text, setText] = useState(initialText);
  const [mentioned, setMentioned] = useState<Person[]>([]);
  const [caret, setCaret] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const [timestamp, setTimestamp] = useState<number | null>(null);
  // On a player, starting to write records where the playhead is (unless the time was removed by hand).
  const [timeRemoved, setTimeRemoved] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const review = useReview();
  const members = useQuery({ ...membersQuery(), enabled: !denial });
  const typing = mentionAt(text, caret);
  const suggestions = typing ? matchMembers(members.data ?? [], typing.query) : [];

  const choose = (member: Person) => {
    if (!typing) return;
    const next = applyMention(text, typing.start, caret, member.name);
    setText(next.text);
    setMentioned((known) => (known.some((m) => m.id === member.id) ? known : [...known, member]));
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
      setCaret(next.caret);
    });
  };
  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        choose(suggestions[Math.min(highlight, suggestions.length - 1)]!);
        return;
      }
    }
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    }
  };
  const submit = async () => {
    if (denial || busy || text.trim() === "") return;
    setBusy(true);
    try {
      // Only the people still named in the text are mentioned.
      const mentions = mentioned.filter((m) => text.includes(`@${m.name}`)).map((m) => m.id);
      await onSubmit({ text, mentions, timestampMs: timestamp });
      setText("");
      setMentioned([]);
      setTimestamp(null);
      setTimeRemoved(false);
    } finally {
      setBusy(false);
    }
  };
  const tool = review?.tool ?? null;
  const toggleTool = (next: DrawTool) => review?.setTool(tool === next ? null : next);
  const marks = review?.draft.length ?? 0;
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="relative">
        <textarea
          ref={box}
          aria-label={label}
          placeholder={denial ? denial : `${label}… (@ to mention)`}
          disabled={!!denial}
          value={text}
          rows={3}
          maxLength={10_000}
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            suggestions.length > 0 ? `${listId}-${Math.min(highlight, suggestions.length - 1)}` : undefined
          }
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setHighlight(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onFocus={() => {
            if (withMedia === "player" && review?.player && timestamp === null && !timeRemoved)
              setTimestamp(review.player.current());
          }}
          onKeyDown={keys}
          className="w-full resize-y rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {suggestions.length > 0 && (
          <div
            id={listId}
            role="listbox"
            aria-label="Members to mention"
            className="absolute inset-x-0 top-full z-10 mt-1 overflow-hidden rounded-md border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          >
            {suggestions.map((member, i) => (
              <div
                key={member.id}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === highlight}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(member);
                }}
                className="cursor-pointer px-3 py-1.5 text-sm aria-selected:bg-accent-50 dark:aria-selected:bg-accent-700/30"
              >
                {member.name} <span className="text-xs text-zinc-500 dark:text-zinc-400">{member.email}</span>
              </div>
            ))}
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {withMedia === "picture" && review && !denial && (
          <>
            <Button
              variant={tool === "draw" ? "secondary" : "ghost"}
              size="sm"
              aria-pressed={tool === "draw"}
              onClick={() => toggleTool("draw")}
            >
              <PenLine className="size-4" aria-hidden="true" /> Draw
            </Button>
            <Button
              variant={tool === "rectangle" ? "secondary" : "ghost"}
              size="sm"
              aria-pressed={tool === "rectangle"}
              onClick={() => toggleTool("rectangle")}
            >
              <Square className="size-4" aria-hidden="true" /> Box
            </Button>
            {marks > 0 && (
              <Button variant="ghost" size="sm" onClick={() => review.setDraft(() => [])}>
                {marks} {marks === 1 ? "mark" : "marks"}
                <span className="sr-only"> (clear)</span>
                <X className="size-3.5" aria-hidden="true" />
              </Button>
            )}
          </>
        )}
        {withMedia === "player" &&
          review?.player &&
          !denial &&
          (timestamp === null ? (
            <Button variant="ghost" size="sm" onClick={() => setTimestamp(review.player?.current() ?? 0)}>
              <Clock className="size-4" aria-hidden="true" /> Add the time
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setTimestamp(null);
                setTimeRemoved(true);
              }}
            >
              <Clock className="size-4" aria-hidden="true" /> At {formatDuration(timestamp)}
              <span className="sr-only"> (remove the time)</span>
              <X className="size-3.5" aria-hidden="true" />
            </Button>
          ))}
        <span className="flex-1" />
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <GuardedButton type="submit" size="sm" denial={denial} disabled={busy || text.trim() === ""}>
          {submitLabel}
        </GuardedButton>
      </div>
    </form>
  );
}
