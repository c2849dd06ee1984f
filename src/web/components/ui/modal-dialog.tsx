import { Dialog as RadixDialog } from "radix-ui";
import { useDialogFocus } from "../../lib/return-focus.ts";
import type { DialogProps } from "./dialog.tsx";

/** The open `Dialog` (see dialog.tsx), in a module of its own so that Radix's dialog loads when one opens. */
export function ModalDialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const dialogFocus = useDialogFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          {...dialogFocus}
          // Without a description nothing describes the dialog (rather than a hidden copy of its title).
          {...(description ? {} : { "aria-describedby": undefined })}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <RadixDialog.Title className="font-semibold text-base">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
