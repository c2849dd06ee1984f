import { lazyDialog } from "../ui/dialog.tsx";

/** Sharing dialogs, each fetched on its first open. */
export const ShareDialog = lazyDialog(() => import("./share-dialog.tsx").then((m) => m.ShareDialog));
export const NewTransferDialog = lazyDialog(() =>
  import("./new-transfer-dialog.tsx").then((m) => m.NewTransferDialog),
);
