import { Tooltip as RadixTooltip } from "radix-ui";
import type { ReactNode } from "react";

/** A short hint on hover and focus; used to say why a control is disabled. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Root delayDuration={300}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          sideOffset={6}
          className="z-50 max-w-xs rounded bg-zinc-900 px-2 py-1 text-white text-xs shadow dark:bg-zinc-100 dark:text-zinc-900"
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
