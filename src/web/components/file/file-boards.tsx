import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { LayoutGrid, X } from "lucide-react";
import { useState } from "react";
import type { File } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { boardDenial, fileBoardsQuery, useRemoveBoardFiles } from "../../api/boards.ts";
import { errorMessage } from "../../api/error-message.ts";
import { toast } from "../../lib/toast.ts";
import { BoardGlyph } from "../boards/board-glyph.tsx";
import { AddToBoardDialog } from "../boards/lazy-dialogs.ts";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { PanelSection } from "./panel-section.tsx";

/** The boards a file is on (those the user sees), each a link, with "Add to board" and removal from one. */
export function FileBoards({ file }: { file: File }) {
  const access = useAccess();
  const readDenial = access.denial("boards:read");
  const boards = useQuery({ ...fileBoardsQuery(file.id), enabled: !readDenial });
  const remove = useRemoveBoardFiles();
  const [adding, setAdding] = useState(false);
  const addDenial = file.trashed_at
    ? "Restore the file to add it to a board."
    : access.denial("boards:write");
  let body: React.ReactNode;
  if (readDenial) body = <p className="text-sm text-zinc-600 dark:text-zinc-400">{readDenial}</p>;
  else if (boards.isPending) body = <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>;
  else if (boards.isError)
    body = <p className="text-red-700 text-sm dark:text-red-400">{errorMessage(boards.error)}</p>;
  else if (boards.data.length === 0)
    body = <p className="text-sm text-zinc-600 dark:text-zinc-400">Not on any board.</p>;
  else
    body = (
      <ul aria-label="Boards of this file" className="space-y-1">
        {boards.data.map((board) => {
          const denial = boardDenial(access, board, "edit");
          return (
            <li key={board.id} className="flex items-center gap-2">
              <BoardGlyph board={board} className="size-6 text-sm" />
              <Link
                to="/boards/$boardId"
                params={{ boardId: board.id }}
                className="min-w-0 flex-1 truncate text-sm hover:underline"
              >
                {board.name}
              </Link>
              <GuardedButton
                variant="ghost"
                size="icon"
                className="size-7"
                denial={denial}
                aria-label={`Remove from ${board.name}`}
                onClick={() =>
                  remove.mutate(
                    { params: { boardId: board.id }, body: { file_ids: [file.id] } },
                    {
                      onSuccess: () => toast.success(`Removed from “${board.name}”`),
                      onError: (error) => toast.error(`Could not remove: ${errorMessage(error)}`),
                    },
                  )
                }
              >
                <X className="size-4" aria-hidden="true" />
              </GuardedButton>
            </li>
          );
        })}
      </ul>
    );
  return (
    <PanelSection
      title="Boards"
      action={
        !readDenial && (
          <GuardedButton variant="ghost" size="sm" denial={addDenial} onClick={() => setAdding(true)}>
            <LayoutGrid className="size-4" aria-hidden="true" /> Add to board
          </GuardedButton>
        )
      }
    >
      {body}
      {adding && (
        <AddToBoardDialog
          fileIds={[file.id]}
          title={`Add “${file.name}” to a board`}
          open
          onOpenChange={setAdding}
        />
      )}
    </PanelSection>
  );
}
