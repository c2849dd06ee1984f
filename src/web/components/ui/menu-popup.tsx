import { DropdownMenu } from "radix-ui";
import { type FocusEvent, type ReactElement, type ReactNode, useRef } from "react";
import { createPortal } from "react-dom";
import { cn } from "../../lib/cn.ts";
import type { MenuContentProps, MenuKit, MenuPoint } from "./lazy-menu.tsx";
import { MENU_CONTENT, menuKit } from "./menu-kit.tsx";

interface PopupProps extends MenuContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  modal?: boolean;
  /** Opened from the keyboard before this module was loaded (see `focusFirstItemOnce`). */
  openedByKeyboard: boolean;
  items: (M: MenuKit) => ReactNode;
}

/**
 * Radix's menu focuses its first item when a key opened it, which it learns by listening from its mount: the
 * key that opened a menu mounting for it came earlier. This does the same for that first opening.
 */
function useFocusFirstItemOnce(openedByKeyboard: boolean) {
  const pending = useRef(openedByKeyboard);
  return (event: FocusEvent<HTMLElement>) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    const first = event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
}

/** A Radix dropdown menu opened by `trigger` (a button). */
export function ButtonMenu({
  trigger,
  open,
  onOpenChange,
  modal,
  openedByKeyboard,
  items,
  className,
  ...contentProps
}: PopupProps & { trigger: ReactElement }) {
  const onFocus = useFocusFirstItemOnce(openedByKeyboard);
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content {...contentProps} className={cn(MENU_CONTENT, className)} onFocus={onFocus}>
          {items(menuKit)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * A Radix dropdown menu shown at a point, as a context menu. Its trigger is an invisible, unfocusable anchor at
 * the point; on close, focus goes back to where it was when the menu opened, unless the user went elsewhere.
 */
export function PointMenu({
  at,
  label,
  open,
  onOpenChange,
  modal,
  openedByKeyboard,
  items,
  className,
  ...contentProps
}: PopupProps & { at: MenuPoint; label: string }) {
  const onFocus = useFocusFirstItemOnce(openedByKeyboard);
  const wentElsewhere = useRef(false);
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      {createPortal(
        <DropdownMenu.Trigger asChild>
          {/* Names the menu (its aria-labelledby). No aria-controls: nothing can return focus to this anchor. */}
          <span
            key={`${at.x},${at.y}`}
            aria-hidden="true"
            aria-controls={undefined}
            className="pointer-events-none fixed size-0 overflow-hidden"
            style={{ left: at.x, top: at.y }}
          >
            {label}
          </span>
        </DropdownMenu.Trigger>,
        document.body,
      )}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="right"
          align="start"
          sideOffset={2}
          {...contentProps}
          className={cn(MENU_CONTENT, className)}
          onFocus={onFocus}
          onInteractOutside={() => {
            wentElsewhere.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!wentElsewhere.current && at.focusBefore?.isConnected) at.focusBefore.focus();
            wentElsewhere.current = false;
          }}
        >
          {items(menuKit)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
