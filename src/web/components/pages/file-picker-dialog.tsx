import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { viaBff } from "../../api/client.ts";
import { filePickerQuery } from "../../api/files.ts";
import { plural } from "../../lib/format.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Input } from "../ui/input.tsx";

export interface PickedFile {
  id: string;
  name: string;
}

/** What the list shows: loading, a failure, nothing, the newest, or what matches the words. */
function listHeading(
  search: { isPending: boolean; isError: boolean },
  files: unknown[] | undefined,
  noun: string,
  words: string,
): string {
  if (search.isPending) return "Loading…";
  if (search.isError) return `Could not load ${noun}.`;
  if (files?.length === 0) return words ? `No ${noun} match “${words}”.` : `No ${noun} yet.`;
  return words ? `${noun[0]!.toUpperCase()}${noun.slice(1)} matching “${words}”` : `Newest ${noun}`;
}

/** Search pauses this long in typing before asking: each search counts on the brandspace's search counter. */
const SEARCH_DELAY_MS = 200;

/**
 * Picks one file (or several) from the libraries the dashboard can see: the newest to begin with, then those
 * matching what is typed. `kind` offers only files of that kind; `exclude` leaves out those files (a page
 * being edited is not offered for its own grid).
 */
export function FilePickerDialog({
  open,
  onOpenChange,
  multiple,
  onPick,
  title,
  kind,
  exclude = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  multiple?: boolean;
  onPick: (files: PickedFile[]) => void;
  title: string;
  kind?: "image";
  exclude?: string[];
}) {
  const [q, setQ] = useState("");
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const words = useDebounced(q.trim(), SEARCH_DELAY_MS);
  const search = useQuery(filePickerQuery(words, kind));
  const files = search.data?.data.filter((file) => !exclude.includes(file.id));
  const noun = kind === "image" ? "images" : "files";
  const toggle = (file: PickedFile) => {
    if (!multiple) {
      onPick([file]);
      onOpenChange(false);
      return;
    }
    setPicked((current) =>
      current.some((f) => f.id === file.id) ? current.filter((f) => f.id !== file.id) : [...current, file],
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <div className="space-y-3">
        <Input
          type="search"
          aria-label="Search files"
          placeholder="Search files by name…"
          autoFocus
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {listHeading(search, files, noun, words)}
        </p>
        <ul aria-label="Files found" className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto">
          {files?.map((file) => {
            const selected = picked.some((f) => f.id === file.id);
            return (
              <li key={file.id}>
                <button
                  type="button"
                  aria-pressed={multiple ? selected : undefined}
                  onClick={() => toggle({ id: file.id, name: file.name })}
                  className={`block w-full rounded-md border p-1 text-left ${selected ? "border-accent-600 ring-2 ring-accent-600" : "border-zinc-200 dark:border-zinc-800"}`}
                >
                  {file.thumbnail_url ? (
                    <img
                      src={viaBff(file.thumbnail_url)}
                      alt=""
                      className="aspect-square w-full rounded bg-zinc-100 object-scale-down dark:bg-zinc-800"
                    />
                  ) : (
                    <span className="flex aspect-square items-center justify-center rounded bg-zinc-100 text-xs uppercase dark:bg-zinc-800">
                      {file.extension}
                    </span>
                  )}
                  <span className="mt-1 block truncate text-xs">{file.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          {multiple && (
            <Button
              disabled={picked.length === 0}
              onClick={() => {
                onPick(picked);
                onOpenChange(false);
              }}
            >
              {picked.length === 0 ? "Add files" : `Add ${plural(picked.length, "file")}`}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
