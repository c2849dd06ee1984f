import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { viaBff } from "../../api/client.ts";
import { fileSearchQuery } from "../../api/files.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Input } from "../ui/input.tsx";

export interface PickedFile {
  id: string;
  name: string;
}

/** Finds files by name in the libraries the dashboard can see and picks one (or several). */
export function FilePickerDialog({
  open,
  onOpenChange,
  multiple,
  onPick,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  multiple?: boolean;
  onPick: (files: PickedFile[]) => void;
  title: string;
}) {
  const [q, setQ] = useState("");
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const search = useQuery({ ...fileSearchQuery(q.trim(), 24), enabled: q.trim().length >= 1 });
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
        <ul aria-label="Files found" className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto">
          {search.data?.data.map((file) => {
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
                      className="aspect-square w-full rounded bg-zinc-100 object-contain dark:bg-zinc-800"
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
        {search.data?.data.length === 0 && <p className="text-sm text-zinc-600">No files found.</p>}
        {multiple && (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              disabled={picked.length === 0}
              onClick={() => {
                onPick(picked);
                onOpenChange(false);
              }}
            >
              Add {picked.length || ""} files
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
