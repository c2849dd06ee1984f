import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { cn } from "../../lib/cn.ts";
import { useDialogFocus } from "../../lib/return-focus.ts";
import { Button } from "./button.tsx";
import type { DialogProps } from "./dialog.tsx";

const LOOKS = {
  panel: {
    overlay: "bg-black/40",
    content:
      "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900",
    title: "font-semibold text-base",
    description: "text-zinc-600 dark:text-zinc-400",
    body: "mt-4",
  },
  // Dark in both themes, as pictures are best seen; the body fills what the header leaves.
  viewer: {
    overlay: "bg-zinc-950/95",
    content: "inset-0 flex flex-col p-3 text-zinc-100 outline-none sm:p-5",
    title: "truncate font-semibold",
    description: "text-zinc-300",
    body: "mt-3 flex min-h-0 flex-1 flex-col",
  },
};

/** The open `Dialog` (see dialog.tsx), in a module of its own so that Radix's dialog loads when one opens. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  variant = "panel",
  children,
}: DialogProps) {
  const dialogFocus = useDialogFocus();
  const look = LOOKS[variant];
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cn("fixed inset-0 z-40", look.overlay)} />
        <RadixDialog.Content
          {...dialogFocus}
          // Escape in an open combobox (tag suggestions) closes its list first, not the dialog around it.
          onEscapeKeyDown={(event) => {
            const target = event.target as Element | null;
            if (
              target?.getAttribute?.("role") === "combobox" &&
              target.getAttribute("aria-expanded") === "true"
            ) {
              event.preventDefault();
            }
          }}
          // Without a description nothing describes the dialog (rather than a hidden copy of its title).
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn("fixed z-50", look.content)}
        >
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className={look.title}>{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className={cn("mt-1 text-sm", look.description)}>
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {variant === "viewer" && (
              <RadixDialog.Close asChild>
                <Button variant="overlay" size="icon" aria-label="Close" className="size-10">
                  <X className="size-5" aria-hidden="true" />
                </Button>
              </RadixDialog.Close>
            )}
          </div>
          <div className={look.body}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
