import { lazyDialog } from "../ui/dialog.tsx";

/** The boards' dialogs, each fetched on its first open. */
export const BoardFormDialog = lazyDialog(() =>
  import("./board-form-dialog.tsx").then((m) => m.BoardFormDialog),
);
export const DeleteBoardDialog = lazyDialog(() =>
  import("./delete-board-dialog.tsx").then((m) => m.DeleteBoardDialog),
);
export const BoardPropertiesDialog = lazyDialog(() =>
  import("./board-properties-dialog.tsx").then((m) => m.BoardPropertiesDialog),
);
export const AddToBoardDialog = lazyDialog(() =>
  import("./add-to-board-dialog.tsx").then((m) => m.AddToBoardDialog),
);
