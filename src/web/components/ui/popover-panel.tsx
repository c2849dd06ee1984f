import { Popover } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import type { PopoverContentProps } from "./lazy-popover.tsx";

/** A Radix popover opened by `trigger`; loaded on demand by `LazyPopover`. */
export function PopoverPanel({
  trigger,
  open,
  onOpenChange,
  children,
  ...contentProps
}: PopoverContentProps & {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content {...contentProps}>{children}</Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
