import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { FileIcon, Folder, Library, Loader2, Search } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { viaBff } from "../../api/client.ts";
import { useReturnFocus } from "../../lib/return-focus.ts";
import { wordsMatch } from "./match.ts";
import { type PaletteAction, usePaletteActions } from "./use-palette-actions.ts";
import { usePaletteResults } from "./use-palette-results.ts";

const GROUP =
  "[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:text-zinc-500 [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wider dark:[&_[cmdk-group-heading]]:text-zinc-400";
const ITEM =
  "flex cursor-default items-center gap-2.5 rounded-md px-2 py-2 text-sm outline-none data-[disabled=true]:cursor-not-allowed data-[selected=true]:bg-accent-50 data-[disabled=true]:text-zinc-600 dark:data-[disabled=true]:text-zinc-400 dark:data-[selected=true]:bg-zinc-800";

function Item({
  value,
  onSelect,
  icon,
  children,
  hint,
  note,
  disabled,
}: {
  value: string;
  onSelect: () => void;
  icon: ReactNode;
  children: ReactNode;
  /** Short context on the right: a folder's path, a file's type. */
  hint?: ReactNode;
  /** A line under the label: why the command is unavailable. */
  note?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Command.Item value={value} onSelect={onSelect} disabled={disabled} className={ITEM}>
      <span className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate">{children}</span>
        {note && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{note}</span>}
      </span>
      {hint && (
        <span className="max-w-[45%] shrink-0 truncate text-xs text-zinc-600 dark:text-zinc-400">{hint}</span>
      )}
    </Command.Item>
  );
}

function ActionItems({ actions, close }: { actions: PaletteAction[]; close: () => void }) {
  return actions.map((action) => (
    <Item
      key={action.id}
      value={`action:${action.id}`}
      disabled={!!action.denial}
      icon={<action.icon className="size-4" aria-hidden="true" />}
      note={action.denial ?? undefined}
      onSelect={() => {
        close();
        void action.run();
      }}
    >
      {action.label}
    </Item>
  ));
}

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNewLibrary: () => void;
}

/**
 * ⌘K / Ctrl K: one box to jump to a file, folder or library by name, or to run a command. Arrow keys move,
 * Enter runs, Escape closes (cmdk inside a Radix dialog, which traps focus and restores it on close).
 */
export function CommandPalette({ open, onOpenChange, onNewLibrary }: CommandPaletteProps) {
  const [search, setSearch] = useState("");
  const returnFocus = useReturnFocus();
  const navigate = useNavigate();
  const results = usePaletteResults(search, open);
  const actions = usePaletteActions({ onNewLibrary }).filter((action) =>
    wordsMatch(search, [action.label, ...action.keywords].join(" ")),
  );
  const close = () => onOpenChange(false);
  const text = search.trim();
  const nothing =
    !results.loading &&
    actions.length === 0 &&
    results.files.length + results.folders.length + results.libraries.length === 0;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setSearch("");
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Command
            label="Search files, folders, libraries and commands"
            shouldFilter={false}
            loop
            vimBindings={false}
          >
            <div className="flex items-center gap-2 border-zinc-200 border-b px-3 dark:border-zinc-800">
              <Search className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder="Search files, folders, libraries, or type a command…"
                className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-zinc-500"
              />
              {results.loading && (
                <Loader2 className="size-4 shrink-0 animate-spin text-zinc-500" aria-label="Searching" />
              )}
            </div>
            <Command.List className="max-h-[min(60vh,28rem)] overflow-y-auto p-2" label="Results">
              {nothing && (
                <Command.Empty className="px-2 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
                  Nothing matches “{text}”.
                </Command.Empty>
              )}
              {actions.some((a) => a.group === "Go to") && (
                <Command.Group heading="Go to" className={GROUP}>
                  <ActionItems actions={actions.filter((a) => a.group === "Go to")} close={close} />
                </Command.Group>
              )}
              {results.libraries.length > 0 && (
                <Command.Group heading="Libraries" className={GROUP}>
                  {results.libraries.map((library) => (
                    <Item
                      key={library.id}
                      value={`library:${library.id}`}
                      icon={<Library className="size-4" aria-hidden="true" />}
                      onSelect={() => {
                        close();
                        void navigate({ to: "/libraries/$libraryId", params: { libraryId: library.id } });
                      }}
                    >
                      {library.name}
                    </Item>
                  ))}
                </Command.Group>
              )}
              {results.folders.length > 0 && (
                <Command.Group heading="Folders" className={GROUP}>
                  {results.folders.map(({ folder, trail }) => (
                    <Item
                      key={folder.id}
                      value={`folder:${folder.id}`}
                      icon={<Folder className="size-4" aria-hidden="true" />}
                      hint={trail.join(" / ")}
                      onSelect={() => {
                        close();
                        void navigate({ to: "/folders/$folderId", params: { folderId: folder.id } });
                      }}
                    >
                      {folder.name}
                    </Item>
                  ))}
                </Command.Group>
              )}
              {text && (results.files.length > 0 || results.fileProblem) && (
                <Command.Group heading="Files" className={GROUP}>
                  {results.fileProblem && (
                    <p className="px-2 py-1.5 text-sm text-zinc-600 dark:text-zinc-400">
                      Files: {results.fileProblem}
                    </p>
                  )}
                  {results.files.map((file) => (
                    <Item
                      key={file.id}
                      value={`file:${file.id}`}
                      icon={
                        file.thumbnail_url ? (
                          <img src={viaBff(file.thumbnail_url)} alt="" className="size-7 object-cover" />
                        ) : (
                          <FileIcon className="size-4" aria-hidden="true" />
                        )
                      }
                      hint={file.extension ? file.extension.toUpperCase() : file.kind}
                      onSelect={() => {
                        close();
                        void navigate({ to: "/files/$fileId", params: { fileId: file.id } });
                      }}
                    >
                      {file.name}
                    </Item>
                  ))}
                </Command.Group>
              )}
              {actions.some((a) => a.group === "Actions") && (
                <Command.Group heading="Actions" className={GROUP}>
                  <ActionItems actions={actions.filter((a) => a.group === "Actions")} close={close} />
                </Command.Group>
              )}
            </Command.List>
            <div className="flex items-center gap-3 border-zinc-200 border-t px-3 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
              <span>
                <Kbd>↑</Kbd> <Kbd>↓</Kbd> to move
              </span>
              <span>
                <Kbd>Enter</Kbd> to open
              </span>
              <span>
                <Kbd>Esc</Kbd> to close
              </span>
            </div>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1 font-sans text-[11px] text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
      {children}
    </kbd>
  );
}
