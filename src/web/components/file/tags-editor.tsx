import { Link } from "@tanstack/react-router";
import { X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import type { File } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { withLastTag } from "../../lib/tag-text.ts";
import { toast } from "../../lib/toast.ts";
import { TagSuggestInput } from "./tag-suggest-input.tsx";
import { useUpdateFile } from "./use-update-file.ts";

const MAX_TAGS = 100;
const MAX_TAG_LENGTH = 100;

/** Tags typed into the field, split at commas, trimmed, without the ones the file already has. */
function newTags(text: string, existing: string[]): string[] {
  const tags = text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)].filter((tag) => !existing.includes(tag));
}

/**
 * The file's tags, each a link to all files carrying it: remove one with its ×, add by typing and pressing Enter
 * (or a comma).
 */
export function TagsEditor({ file }: { file: File }) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { update, pending } = useUpdateFile(file.id);
  const denial = useAccess().denial("files:write", "files.edit");

  const save = async (tags: string[], done: string) => {
    try {
      await update({ tags });
      setError(null);
      toast.success(done);
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      return false;
    }
  };
  const add = async (text = draft) => {
    const added = newTags(text, file.tags);
    if (added.length === 0) return setDraft("");
    if (added.some((tag) => tag.length > MAX_TAG_LENGTH)) {
      return setError(`A tag is at most ${MAX_TAG_LENGTH} characters.`);
    }
    if (file.tags.length + added.length > MAX_TAGS) return setError(`A file has at most ${MAX_TAGS} tags.`);
    const label = added.length === 1 ? `Tag “${added[0]}” added` : `${added.length} tags added`;
    if (await save([...file.tags, ...added], label)) setDraft("");
  };
  const key = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      void add();
    } else if (event.key === "Escape" && draft) {
      event.preventDefault();
      setDraft("");
    }
  };

  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 block font-medium text-xs text-zinc-600 uppercase tracking-wide dark:text-zinc-400"
      >
        Tags
      </label>
      {file.tags.length > 0 && (
        <ul aria-label="Tags" className="mb-2 flex flex-wrap gap-1.5">
          {file.tags.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-0.5 rounded-full bg-accent-50 py-0.5 pr-1 pl-2.5 text-accent-700 text-sm dark:bg-accent-700/30 dark:text-accent-100"
            >
              <Link
                to="/files"
                search={{ tag: [tag] }}
                title={`All files tagged “${tag}”`}
                className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                {tag}
              </Link>
              {!denial && (
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  disabled={pending}
                  onClick={() =>
                    void save(
                      file.tags.filter((t) => t !== tag),
                      `Tag “${tag}” removed`,
                    )
                  }
                  className="rounded-full p-0.5 hover:bg-accent-100 dark:hover:bg-accent-700/50"
                >
                  <X className="size-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {denial ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {file.tags.length ? denial : `No tags. ${denial}`}
        </p>
      ) : (
        <TagSuggestInput
          id={id}
          value={draft}
          placeholder="Add a tag and press Enter"
          aria-label="Add tag"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onValueChange={(text) => {
            setDraft(text);
            setError(null);
          }}
          exclude={file.tags}
          onKeyDown={key}
          onPick={(tag) => void add(withLastTag(draft, tag))}
          onBlur={() => draft.trim() && void add()}
          className="h-8 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
