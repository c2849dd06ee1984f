import { useNavigate, useRouterState } from "@tanstack/react-router";
import { createContext, type ReactNode, useContext, useState } from "react";
import type { Folder } from "../../../contract/folders.ts";
import { deleteFolder, restoreFolder, updateFolder } from "../../../contract/operations/folders.ts";
import { call } from "../../api/client.ts";
import { errorMessage } from "../../api/error-message.ts";
import { FOLDER_CHANGES, useInvalidate } from "../../api/files.ts";
import { toast } from "../../lib/toast.ts";
import { colorName } from "./color-palette.tsx";
import { DeleteFolderDialog, FolderFormDialog, MoveFolderDialog } from "./lazy-dialogs.ts";

export interface FolderActions {
  create: (libraryId: string, parentId: string | null) => void;
  edit: (folder: Folder) => void;
  recolor: (folder: Folder, color: string | null) => Promise<void>;
  move: (folder: Folder) => void;
  trash: (folder: Folder) => Promise<void>;
  restore: (folder: Folder) => Promise<void>;
  deleteForever: (folder: Folder) => void;
}

type Pending =
  | { kind: "create"; libraryId: string; parentId: string | null }
  | { kind: "edit" | "move" | "delete"; folder: Folder }
  | null;

const FolderActionsContext = createContext<FolderActions | null>(null);

/**
 * Folder management for everything inside it (folder tiles, the sidebar tree, a folder page's menu): the actions
 * and the dialogs they open. After trashing or deleting the folder on screen it goes to the folder's parent.
 */
export function FolderActionsProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending>(null);
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const once = () => crypto.randomUUID();

  const leaveIfShown = (folder: Folder) => {
    if (pathname !== `/folders/${folder.id}`) return;
    void (folder.parent_id
      ? navigate({ to: "/folders/$folderId", params: { folderId: folder.parent_id } })
      : navigate({ to: "/libraries/$libraryId", params: { libraryId: folder.library_id } }));
  };
  // Menus close before a dialog opens, so that focus returns cleanly when it closes.
  const later = (next: Pending) => setTimeout(() => setPending(next), 0);

  const actions: FolderActions = {
    create: (libraryId, parentId) => later({ kind: "create", libraryId, parentId }),
    edit: (folder) => later({ kind: "edit", folder }),
    move: (folder) => later({ kind: "move", folder }),
    deleteForever: (folder) => later({ kind: "delete", folder }),
    recolor: async (folder, color) => {
      try {
        await call(updateFolder, {
          params: { folderId: folder.id },
          body: { color },
          idempotencyKey: once(),
        });
        toast.success(`“${folder.name}” is now ${colorName(color).toLowerCase()}`);
      } catch (error) {
        toast.error(`Could not recolour “${folder.name}”: ${errorMessage(error)}`);
      }
      await invalidate(FOLDER_CHANGES);
    },
    trash: async (folder) => {
      try {
        await call(deleteFolder, { params: { folderId: folder.id }, idempotencyKey: once() });
        toast.success(`“${folder.name}” moved to the trash`, {
          action: { label: "Undo", onClick: () => void actions.restore(folder) },
        });
        leaveIfShown(folder);
      } catch (error) {
        toast.error(`Could not trash “${folder.name}”: ${errorMessage(error)}`);
      }
      await invalidate(FOLDER_CHANGES);
    },
    restore: async (folder) => {
      try {
        await call(restoreFolder, { params: { folderId: folder.id }, idempotencyKey: once() });
        toast.success(`“${folder.name}” restored`);
      } catch (error) {
        toast.error(`Could not restore “${folder.name}”: ${errorMessage(error)}`);
      }
      await invalidate(FOLDER_CHANGES);
    },
  };

  const close = (open: boolean) => {
    if (!open) setPending(null);
  };
  return (
    <FolderActionsContext.Provider value={actions}>
      {children}
      {pending?.kind === "create" && (
        <FolderFormDialog
          open
          onOpenChange={close}
          libraryId={pending.libraryId}
          parentId={pending.parentId}
        />
      )}
      {pending?.kind === "edit" && <FolderFormDialog open onOpenChange={close} folder={pending.folder} />}
      {pending?.kind === "move" && <MoveFolderDialog open onOpenChange={close} folder={pending.folder} />}
      {pending?.kind === "delete" && (
        <DeleteFolderDialog
          open
          onOpenChange={close}
          folder={pending.folder}
          onDeleted={() => leaveIfShown(pending.folder)}
        />
      )}
    </FolderActionsContext.Provider>
  );
}

export function useFolderActions(): FolderActions {
  const actions = useContext(FolderActionsContext);
  if (!actions) throw new Error("useFolderActions needs a FolderActionsProvider above it.");
  return actions;
}
