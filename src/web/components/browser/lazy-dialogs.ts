import { lazyDialog } from "../ui/dialog.tsx";

/** The browse screens' dialogs, each fetched on its first open. */
export const FolderFormDialog = lazyDialog(() =>
  import("./folder-dialogs.tsx").then((m) => m.FolderFormDialog),
);
export const MoveFolderDialog = lazyDialog(() =>
  import("./folder-dialogs.tsx").then((m) => m.MoveFolderDialog),
);
export const DeleteFolderDialog = lazyDialog(() =>
  import("./folder-dialogs.tsx").then((m) => m.DeleteFolderDialog),
);
export const FileDestinationDialog = lazyDialog(() =>
  import("./bulk-dialogs.tsx").then((m) => m.FileDestinationDialog),
);
export const AddTagsDialog = lazyDialog(() => import("./bulk-dialogs.tsx").then((m) => m.AddTagsDialog));
export const EditLibraryDialog = lazyDialog(() =>
  import("./library-dialogs.tsx").then((m) => m.EditLibraryDialog),
);
export const DeleteLibraryDialog = lazyDialog(() =>
  import("./library-dialogs.tsx").then((m) => m.DeleteLibraryDialog),
);
export const AddToBoardDialog = lazyDialog(() =>
  import("../boards/add-to-board-dialog.tsx").then((m) => m.AddToBoardDialog),
);
export const SetPropertyDialog = lazyDialog(() =>
  import("./set-property-dialog.tsx").then((m) => m.SetPropertyDialog),
);
export const ImportUrlDialog = lazyDialog(() =>
  import("../upload/import-url-dialog.tsx").then((m) => m.ImportUrlDialog),
);
