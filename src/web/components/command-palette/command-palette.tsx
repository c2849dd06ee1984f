import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { FileIcon, Folder, LayoutGrid, Library, Loader2, Search } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState } from "react";
import { viaBff } from "../../api/client.ts";
import { useDialogFocus } from "../../lib/return-focus.ts";
import { Kbd } from "../ui/kbd.tsx";
import { wordsMatch } from "./match.ts";
import {
  PALETTE_BOX,
  PALETTE_OVERLAY,
  SEARCH_INPUT,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  SEARCH_ROW,
} from "./palette-frame.ts";
import { GROUP, Item } from "./palette-item.tsx";
import { type PaletteAction, usePaletteActions } from "./use-palette-actions.ts";
import { usePaletteResults } from "./use-palette-results.ts";

function ActionItems({ actions, run }: { actions: PaletteAction[]; run: (action: PaletteAction) => void }) {
  return actions.map((action) => (
    <Item
      key={action.id}
      value={`action:${action.id}`}
      disabled={!!action.denial}
      icon={<action.icon className="size-4" aria-hidden="true" />}
      note={action.denial ?? undefined}
      onSelect={() => run(action)}
    >
      {action.label}
    </Item>
  ));
}

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is searched: kept by the trigger, so that what was typed while the palette loaded is not lost. */
  search: string;
  onSearchChange: (search: string) => void;
  onNewLibrary: () => void;
}

/**
 * ⌘K / Ctrl K: one box to jump to a file, folder or library by name, or to run a command. Arrow keys move,
 * Enter runs, Escape closes (cmdk inside a Radix dialog, which traps focus and restores it on close).
 */
export function CommandPalette({
  open,
  onOpenChange,
  search,
  onSearchChange,
  onNewLibrary,
}: CommandPaletteProps) {
  const dialogFocus = useDialogFocus();
  const navigate = useNavigate();
  const results = usePaletteResults(search, open);
  const actions = usePaletteActions({ onNewLibrary }).filter((action) =>
    wordsMatch(search, [action.label, ...action.keywords].join(" ")),
  );
  const close = () => onOpenChange(false);
  // An action runs once the palette has closed and handed focus back, so that a dialog it opens keeps focus.
  const afterClose = useRef<PaletteAction | null>(null);
  const runAction = (action: PaletteAction) => {
    afterClose.current = action;
    close();
  };
  const text = search.trim();
  // Results arrive at different times; a highlighted row that goes away hands the highlight to the first row.
  const [highlighted, setHighlighted] = useState("");
  const goTo = actions.filter((a) => a.group === "Go to");
  const commands = actions.filter((a) => a.group === "Actions");
  const values = [
    ...goTo.map((a) => `action:${a.id}`),
    ...results.libraries.map((l) => `library:${l.id}`),
    ...results.folders.map((f) => `folder:${f.folder.id}`),
    ...results.boards.map((b) => `board:${b.id}`),
    ...(text ? results.files.map((f) => `file:${f.id}`) : []),
    ...commands.filter((a) => !a.denial).map((a) => `action:${a.id}`),
  ];
  const current = values.includes(highlighted) ? highlighted : (values[0] ?? "");
  const nothing =
    !results.loading &&
    actions.length === 0 &&
    results.files.length + results.folders.length + results.libraries.length + results.boards.length === 0;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={PALETTE_OVERLAY} />
        <Dialog.Content
          // Its first control is the search field: what was typed while it loaded is kept, not selected.
          onOpenAutoFocus={dialogFocus.onOpenAutoFocus}
          onCloseAutoFocus={(event) => {
            dialogFocus.onCloseAutoFocus(event);
            const action = afterClose.current;
            afterClose.current = null;
            if (action) void action.run();
          }}
          aria-describedby={undefined}
          className={PALETTE_BOX}
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Command
            label={SEARCH_LABEL}
            shouldFilter={false}
            value={current}
            onValueChange={setHighlighted}
            loop
            vimBindings={false}
          >
            <div className={SEARCH_ROW}>
              <Search className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
              <Command.Input
                value={search}
                onValueChange={(next) => {
                  onSearchChange(next);
                  setHighlighted("");
                }}
                placeholder={SEARCH_PLACEHOLDER}
                className={SEARCH_INPUT}
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
              {goTo.length > 0 && (
                <Command.Group heading="Go to" className={GROUP}>
                  <ActionItems actions={goTo} run={runAction} />
                </Command.Group>
              )}
              {results.libraries.length > 0 && (
                <Command.Group heading="Libraries" className={GROUP}>
                  {results.libraries.map((library) => (
                    <Item
                      key={library.id}
                      value={`library:${library.id}`}
                      href={`/libraries/${library.id}`}
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
                      href={`/folders/${folder.id}`}
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
              {results.boards.length > 0 && (
                <Command.Group heading="Boards" className={GROUP}>
                  {results.boards.map((board) => (
                    <Item
                      key={board.id}
                      value={`board:${board.id}`}
                      href={`/boards/${board.id}`}
                      icon={<LayoutGrid className="size-4" aria-hidden="true" />}
                      onSelect={() => {
                        close();
                        void navigate({ to: "/boards/$boardId", params: { boardId: board.id } });
                      }}
                    >
                      {board.name}
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
                      href={`/files/${file.id}`}
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
              {commands.length > 0 && (
                <Command.Group heading="Actions" className={GROUP}>
                  <ActionItems actions={commands} run={runAction} />
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
