import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Folder as FolderIcon, Library as LibraryIcon } from "lucide-react";
import { useId, useState } from "react";
import type { Folder } from "../../../contract/folders.ts";
import { childFoldersQuery } from "../../api/folders.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { cn } from "../../lib/cn.ts";
import { Skeleton } from "../ui/skeleton.tsx";
import type { DropTarget } from "./dnd.ts";

interface PickerContext {
  name: string;
  value: DropTarget | null;
  onChange: (target: DropTarget) => void;
  /** A folder that cannot be chosen, nor anything inside it (the folder being moved). */
  excludedFolderId?: string;
}

const ROW = "flex h-8 items-center gap-1 rounded-md pr-2 hover:bg-zinc-100 dark:hover:bg-zinc-800";

function Expander({
  open,
  onToggle,
  label,
  hidden,
}: {
  open: boolean;
  onToggle: () => void;
  label: string;
  hidden?: boolean;
}) {
  if (hidden) return <span className="size-6 shrink-0" />;
  return (
    <button
      type="button"
      aria-label={`${open ? "Collapse" : "Expand"} ${label}`}
      aria-expanded={open}
      onClick={onToggle}
      className="flex size-6 shrink-0 items-center justify-center rounded text-zinc-500 hover:bg-zinc-200 dark:hover:bg-zinc-700"
    >
      <ChevronRight className={cn("size-3.5 transition-transform", open && "rotate-90")} aria-hidden="true" />
    </button>
  );
}

function Choice({
  target,
  context,
  disabled,
  icon,
}: {
  target: DropTarget;
  context: PickerContext;
  disabled?: boolean;
  icon: React.ReactNode;
}) {
  const id = target.type === "folder" ? target.folderId : target.libraryId;
  const checked =
    context.value !== null &&
    (context.value.type === "folder" ? context.value.folderId : `lib:${context.value.libraryId}`) ===
      (target.type === "folder" ? id : `lib:${id}`);
  return (
    <label
      className={cn(
        "flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm",
        disabled && "cursor-not-allowed opacity-50",
      )}
    >
      <input
        type="radio"
        name={context.name}
        value={id}
        checked={checked}
        disabled={disabled}
        onChange={() => context.onChange(target)}
        className="size-3.5 accent-accent-600"
      />
      {icon}
      <span className="truncate">{target.name}</span>
    </label>
  );
}

function FolderChoices({
  libraryId,
  folderId,
  depth,
  context,
}: {
  libraryId: string;
  folderId: string | null;
  depth: number;
  context: PickerContext;
}) {
  const folders = useQuery(childFoldersQuery(libraryId, folderId));
  if (folders.isPending) return <Skeleton className="my-1 h-5 w-32" />;
  if (folders.isError)
    return <p className="px-2 text-red-700 text-xs dark:text-red-400">Folders could not be loaded.</p>;
  return (
    <ul>
      {folders.data.map((folder) => (
        <FolderChoice key={folder.id} folder={folder} depth={depth} context={context} />
      ))}
    </ul>
  );
}

function FolderChoice({ folder, depth, context }: { folder: Folder; depth: number; context: PickerContext }) {
  const [open, setOpen] = useState(false);
  const excluded = folder.id === context.excludedFolderId;
  return (
    <li>
      <div className={ROW} style={{ paddingLeft: depth * 16 }}>
        <Expander open={open} onToggle={() => setOpen(!open)} label={folder.name} hidden={excluded} />
        <Choice
          target={{ type: "folder", folderId: folder.id, libraryId: folder.library_id, name: folder.name }}
          context={context}
          disabled={excluded}
          icon={
            <FolderIcon
              className="size-4 shrink-0"
              style={{ color: folder.color ?? undefined }}
              aria-hidden="true"
            />
          }
        />
      </div>
      {open && !excluded && (
        <FolderChoices
          libraryId={folder.library_id}
          folderId={folder.id}
          depth={depth + 1}
          context={context}
        />
      )}
    </li>
  );
}

/**
 * A destination chooser: libraries (their top level) and their folders, loaded as the user expands them. Native
 * radio buttons, so arrow keys move between the choices shown.
 */
export function DestinationPicker({
  value,
  onChange,
  excludedFolderId,
}: {
  value: DropTarget | null;
  onChange: (target: DropTarget) => void;
  excludedFolderId?: string;
}) {
  const name = useId();
  const libraries = useQuery(librariesQuery());
  const [open, setOpen] = useState<Set<string>>(() => new Set(value ? [value.libraryId] : []));
  const context: PickerContext = { name, value, onChange, excludedFolderId };
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <fieldset className="max-h-80 overflow-y-auto rounded-md border border-zinc-200 p-1.5 dark:border-zinc-800">
      <legend className="sr-only">Destination</legend>
      {libraries.isPending && <Skeleton className="h-6 w-40" />}
      {libraries.isError && (
        <p className="text-red-700 text-sm dark:text-red-400">Libraries could not be loaded.</p>
      )}
      <ul>
        {libraries.data?.map((library) => (
          <li key={library.id}>
            <div className={ROW}>
              <Expander
                open={open.has(library.id)}
                onToggle={() => toggle(library.id)}
                label={library.name}
              />
              <Choice
                target={{ type: "library", libraryId: library.id, name: library.name }}
                context={context}
                icon={<LibraryIcon className="size-4 shrink-0" aria-hidden="true" />}
              />
            </div>
            {open.has(library.id) && (
              <FolderChoices libraryId={library.id} folderId={null} depth={1} context={context} />
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
