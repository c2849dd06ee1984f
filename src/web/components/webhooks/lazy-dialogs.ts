import { lazyDialog } from "../ui/dialog.tsx";

/** The webhook screens' dialogs, each fetched on its first open. */
export const NewWebhookDialog = lazyDialog(() =>
  import("./new-webhook-dialog.tsx").then((m) => m.NewWebhookDialog),
);
export const EditWebhookDialog = lazyDialog(() =>
  import("./edit-webhook-dialog.tsx").then((m) => m.EditWebhookDialog),
);
export const RollSecretDialog = lazyDialog(() =>
  import("./secret-dialogs.tsx").then((m) => m.RollSecretDialog),
);
export const DeleteWebhookDialog = lazyDialog(() =>
  import("./secret-dialogs.tsx").then((m) => m.DeleteWebhookDialog),
);
