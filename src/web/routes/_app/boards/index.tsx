import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { useState } from "react";
import type { Board } from "../../../../contract/boards.ts";
import { scopeSatisfied } from "../../../../contract/scopes.ts";
import { meQuery, useAccess } from "../../../api/access.ts";
import { boardsQuery } from "../../../api/boards.ts";
import { BoardsList } from "../../../components/boards/boards-list.tsx";
import { BoardFormDialog, DeleteBoardDialog } from "../../../components/boards/lazy-dialogs.ts";
import { PageHeader } from "../../../components/shell/page-header.tsx";
import { AccessNotice } from "../../../components/ui/access-notice.tsx";
import { GuardedButton } from "../../../components/ui/guarded-button.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";

export const Route = createFileRoute("/_app/boards/")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "boards:read")) await queryClient.ensureQueryData(boardsQuery());
  },
  pendingComponent: PageSkeleton,
  component: BoardsPage,
});

type DialogState = { kind: "create" } | { kind: "edit" | "delete"; board: Board } | null;

function Boards({ onDialog }: { onDialog: (dialog: DialogState) => void }) {
  const { data: boards } = useSuspenseQuery(boardsQuery());
  const createDenial = useAccess().denial("boards:write", "boards.create");
  // After a menu closes, so that its focus return does not fight the dialog's.
  const later = (dialog: DialogState) => setTimeout(() => onDialog(dialog), 0);
  return (
    <BoardsList
      boards={boards}
      createDenial={createDenial}
      onCreate={() => onDialog({ kind: "create" })}
      onEdit={(board) => later({ kind: "edit", board })}
      onDelete={(board) => later({ kind: "delete", board })}
    />
  );
}

function BoardsPage() {
  const access = useAccess();
  const [dialog, setDialog] = useState<DialogState>(null);
  const readDenial = access.denial("boards:read");
  const createDenial = access.denial("boards:write", "boards.create");
  const close = () => setDialog(null);
  return (
    <div className="pb-10">
      <PageHeader
        title="Boards"
        actions={
          !readDenial && (
            <GuardedButton denial={createDenial} onClick={() => setDialog({ kind: "create" })}>
              <Plus className="size-4" aria-hidden="true" /> New board
            </GuardedButton>
          )
        }
      />
      {readDenial ? (
        <AccessNotice title="Boards are not available to this dashboard" reason={readDenial} />
      ) : (
        <Boards onDialog={setDialog} />
      )}
      {dialog?.kind === "create" && <BoardFormDialog open onOpenChange={close} />}
      {dialog?.kind === "edit" && <BoardFormDialog open onOpenChange={close} board={dialog.board} />}
      {dialog?.kind === "delete" && <DeleteBoardDialog open onOpenChange={close} board={dialog.board} />}
    </div>
  );
}
