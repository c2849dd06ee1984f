import { type Popover, Slot } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { onDemand } from "../../lib/on-demand.ts";
import { useLazyPopup } from "./use-lazy-popup.ts";

export type PopoverContentProps = Pick<
  Popover.PopoverContentProps,
  "align" | "side" | "sideOffset" | "className" | "aria-label"
>;

const panelModule = onDemand(() => import("./popover-panel.tsx"));
const preload = () => void panelModule.load().catch(() => {});

interface LazyPopoverProps extends PopoverContentProps {
  /** The button that opens the panel (a click, so Enter and Space too, as Radix's trigger). */
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A Radix popover whose code loads when first wanted, as `LazyMenu`: pointer or focus on the trigger fetches it,
 * a click opens it once it is there. Until its first opening the trigger is the caller's element as a closed
 * popover trigger; from then on it is Radix's.
 */
export function LazyPopover({ trigger, children, open, onOpenChange, ...contentProps }: LazyPopoverProps) {
  const popover = useLazyPopup(panelModule, { open, onOpenChange });
  if (popover.popup) {
    return (
      <popover.popup.PopoverPanel
        trigger={trigger}
        open={popover.open}
        onOpenChange={popover.setOpen}
        {...contentProps}
      >
        {children}
      </popover.popup.PopoverPanel>
    );
  }
  return (
    <Slot.Root
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => popover.openNow("pointer")}
    >
      {trigger}
    </Slot.Root>
  );
}
