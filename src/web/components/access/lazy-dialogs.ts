import { lazyDialog } from "../ui/dialog.tsx";

/** Who has access to a library or board, fetched on its first open. */
export const AccessDialog = lazyDialog(() => import("./access-dialog.tsx").then((m) => m.AccessDialog));
