import { useNavigate } from "@tanstack/react-router";
import { Pencil, SlidersHorizontal, Trash2, Users } from "lucide-react";
import { useState } from "react";
import type { BoardWithProperties } from "../../../contract/boards.ts";
import { useAccess } from "../../api/access.ts";
import { boardDenial } from "../../api/boards.ts";
import { AccessDialog } from "../access/lazy-dialogs.ts";
import { BrowserHeader } from "../browser/browser-header.tsx";
import { ShareButton } from "../sharing/share-button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { BoardGlyph } from "./board-glyph.tsx";
import { BoardFormDialog, BoardPropertiesDialog, DeleteBoardDialog } from "./lazy-dialogs.ts";

/** A board page's title with its properties, edit and delete actions, each guarded by the board's access. */
/** `summary`: the board's file count, or null while filters show only some of its files. */
export function BoardHeader({ board, summary }: { board: BoardWithProperties; summary: string | null }) {
  const access = useAccess();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"properties" | "edit" | "delete" | "access" | null>(null);
  const editDenial = boardDenial(access, board, "edit");
  const manageDenial = boardDenial(access, board, "manage");
  const close = () => setDialog(null);
  return (
    <BrowserHeader
      icon={<BoardGlyph board={board} />}
      title={board.name}
      meta={[summary, board.pinned && "pinned", `you can ${board.my_access}`].filter(Boolean).join(" · ")}
      actions={
        <>
          <ShareButton target={{ type: "board", id: board.id, name: board.name }} />
          <GuardedButton variant="secondary" denial={editDenial} onClick={() => setDialog("properties")}>
            <SlidersHorizontal className="size-4" aria-hidden="true" /> Board properties
          </GuardedButton>
          <GuardedButton variant="secondary" denial={editDenial} onClick={() => setDialog("edit")}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </GuardedButton>
          <GuardedButton variant="secondary" denial={manageDenial} onClick={() => setDialog("access")}>
            <Users className="size-4" aria-hidden="true" /> Access
          </GuardedButton>
          <GuardedButton variant="secondary" denial={manageDenial} onClick={() => setDialog("delete")}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </GuardedButton>
          {dialog === "properties" && <BoardPropertiesDialog open onOpenChange={close} board={board} />}
          {dialog === "edit" && <BoardFormDialog open onOpenChange={close} board={board} />}
          {dialog === "access" && (
            <AccessDialog
              target={{ type: "board", id: board.id, name: board.name }}
              open
              onOpenChange={close}
            />
          )}
          {dialog === "delete" && (
            <DeleteBoardDialog
              open
              onOpenChange={close}
              board={board}
              onDeleted={() => void navigate({ to: "/boards" })}
            />
          )}
        </>
      }
    />
  );
}
