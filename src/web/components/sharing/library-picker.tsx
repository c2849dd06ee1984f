import { useQuery } from "@tanstack/react-query";
import { Check, Plus } from "lucide-react";
import { useState } from "react";
import { viaBff } from "../../api/client.ts";
import { fileSearchQuery } from "../../api/files.ts";
import { formatBytes } from "../../lib/format.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/** A brandspace file or folder picked for a transfer. */
export interface TransferItem {
  type: "file" | "folder";
  id: string;
  name: string;
}

/** Typing pauses this long before a search: each one counts on the brandspace's search counter. */
const SEARCH_DELAY_MS = 250;
const HITS = 8;

/**
 * A search of the brandspace's files (names, tags, properties, comments, with typo tolerance, best first); each
 * hit is a button that picks it, and one already `picked` says so instead.
 */
export function LibraryPicker({
  onPick,
  picked = [],
}: {
  onPick: (item: TransferItem) => void;
  picked?: string[];
}) {
  const [q, setQ] = useState("");
  const words = useDebounced(q.trim(), SEARCH_DELAY_MS);
  const search = useQuery({ ...fileSearchQuery(words, HITS), enabled: words.length >= 2 });
  const files = words.length >= 2 ? search.data?.data : undefined;
  return (
    <Field id="transfer-search" label="Add from the library">
      <Input
        id="transfer-search"
        type="search"
        placeholder="Search files…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {files && (
        <ul
          aria-label="Files found"
          className="mt-1 max-h-48 overflow-y-auto rounded-md border border-zinc-200 dark:border-zinc-800"
        >
          {files.length === 0 && (
            <li className="px-3 py-2 text-sm text-zinc-600">No files match “{words}”.</li>
          )}
          {files.map((file) => {
            const added = picked.includes(file.id);
            return (
              <li key={file.id}>
                <button
                  type="button"
                  disabled={added}
                  className="flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-zinc-100 disabled:cursor-default disabled:opacity-60 disabled:hover:bg-transparent dark:hover:bg-zinc-800"
                  onClick={() => onPick({ type: "file", id: file.id, name: file.name })}
                >
                  {added ? (
                    <Check className="size-4 shrink-0" aria-hidden="true" />
                  ) : (
                    <Plus className="size-4 shrink-0" aria-hidden="true" />
                  )}
                  {file.thumbnail_url ? (
                    <img
                      src={viaBff(file.thumbnail_url)}
                      alt=""
                      className="size-8 shrink-0 rounded bg-zinc-100 object-cover dark:bg-zinc-800"
                    />
                  ) : (
                    <span className="flex size-8 shrink-0 items-center justify-center rounded bg-zinc-100 text-[10px] uppercase dark:bg-zinc-800">
                      {file.extension}
                    </span>
                  )}
                  <span className="truncate">{file.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                    {added ? "Added" : formatBytes(file.size)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Field>
  );
}
