import { autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react-dom";
import type { ReactNode } from "react";
import { createPortal } from "react-dom";

/**
 * The tooltip's bubble, above its trigger. Positioned with floating-ui (what Radix builds on) rather than Radix's
 * Tooltip, whose trigger must wrap the control: loading it late would remount the control and drop its focus.
 */
export function TooltipBubble({
  anchor,
  children,
  onPointerEnter,
  onPointerLeave,
}: {
  anchor: HTMLElement;
  children: ReactNode;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference: anchor },
    placement: "top",
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  return createPortal(
    <div
      ref={refs.setFloating}
      role="tooltip"
      style={floatingStyles}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      className="z-50 max-w-xs rounded bg-zinc-900 px-2 py-1 text-white text-xs shadow dark:bg-zinc-100 dark:text-zinc-900"
    >
      {children}
    </div>,
    document.body,
  );
}
