import type { ExternalToast } from "sonner";
import { onDemand } from "./on-demand.ts";

/**
 * Toasts, with sonner loaded on the first one: no screen needs it to render, so it stays out of the initial
 * JavaScript. Calls keep sonner's signatures; ids are made here so that `loading` can return one at once.
 * Sonner hands toasts raised before its Toaster subscribed to the Toaster when it does.
 */
type Message = Parameters<typeof import("sonner")["toast"]["success"]>[0];
type Kind = "success" | "error" | "info" | "warning" | "loading";

export const sonner = onDemand(() => import("sonner"));
let nextId = 0;

/**
 * A toast's id: the caller's, else one per kind and text, so that the same words raised again (a save repeated,
 * the same failure twice) refresh the toast on screen instead of stacking a copy under it. A loading toast is
 * always its own (the caller settles it later by its id, and two uploads may say the same words), and so is one
 * with an action: each Undo belongs to its own change.
 */
function toastId(kind: Kind, message: Message, options?: ExternalToast): string | number {
  if (options?.id !== undefined) return options.id;
  if (kind !== "loading" && !options?.action && typeof message === "string") return `${kind}:${message}`;
  return `toast-${++nextId}`;
}

function show(kind: Kind, message: Message, options?: ExternalToast): string | number {
  const id = toastId(kind, message, options);
  void sonner.load().then(({ toast: sonnerToast }) => sonnerToast[kind](message, { ...options, id }));
  return id;
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show("success", message, options),
  error: (message: Message, options?: ExternalToast) => show("error", message, options),
  info: (message: Message, options?: ExternalToast) => show("info", message, options),
  warning: (message: Message, options?: ExternalToast) => show("warning", message, options),
  loading: (message: Message, options?: ExternalToast) => show("loading", message, options),
  // After the load, like `show`: a toast raised and dismissed before sonner arrived is then dismissed in order.
  dismiss: (id?: string | number) => {
    void sonner.load().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};

export type { ExternalToast };
