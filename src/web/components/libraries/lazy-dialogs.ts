import { lazyDialog } from "../ui/dialog.tsx";

/** Fetched on its first open (from the libraries page or the command palette). */
export const NewLibraryDialog = lazyDialog(() =>
  import("./new-library-dialog.tsx").then((m) => m.NewLibraryDialog),
);
