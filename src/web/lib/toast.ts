import type { ExternalToast } from "sonner";

/**
 * Toasts, with sonner loaded on the first one: no screen needs it to render, so it stays out of the initial
 * JavaScript. Calls keep sonner's signatures; ids are made here so that `loading` can return one at once.
 * Sonner hands toasts raised before its Toaster subscribed to the Toaster when it does.
 */
type Sonner = typeof import("sonner");
type Message = Parameters<Sonner["toast"]["success"]>[0];
type Kind = "success" | "error" | "info" | "warning" | "loading";

let sonner: Promise<Sonner> | null = null;
const wantedListeners = new Set<() => void>();
let nextId = 0;

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of wantedListeners) listener();
  }
  return sonner;
}

/** Whether a toast has been asked for (the Toaster mounts from then on). */
export function toasterWanted() {
  return sonner !== null;
}

export function onToasterWanted(listener: () => void) {
  wantedListeners.add(listener);
  return () => void wantedListeners.delete(listener);
}

function show(kind: Kind, message: Message, options?: ExternalToast): string | number {
  const id = options?.id ?? `toast-${++nextId}`;
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, { ...options, id }));
  return id;
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show("success", message, options),
  error: (message: Message, options?: ExternalToast) => show("error", message, options),
  info: (message: Message, options?: ExternalToast) => show("info", message, options),
  warning: (message: Message, options?: ExternalToast) => show("warning", message, options),
  loading: (message: Message, options?: ExternalToast) => show("loading", message, options),
  dismiss: (id?: string | number) => {
    void sonner?.then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};

export type { ExternalToast };
