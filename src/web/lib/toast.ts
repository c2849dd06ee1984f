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

function show(kind: Kind, message: Message, options?: ExternalToast): string | number {
  const id = options?.id ?? `toast-${++nextId}`;
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
