import { type DropdownMenu, Slot } from "radix-ui";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useState,
} from "react";
import { onDemand } from "../../lib/on-demand.ts";
import type { menuKit } from "./menu-kit.tsx";
import { useLazyPopup } from "./use-lazy-popup.ts";
import { useLongPress } from "./use-long-press.ts";

/**
 * Menus whose Radix code loads when first wanted: pointer or focus on a trigger fetches it, and the press that
 * opens the menu (pointer down, Enter, Space, ArrowDown, as Radix's trigger) shows it once it is there. Until
 * then the trigger is the caller's own element with the attributes of a closed menu button; from its first
 * opening on, it is Radix's trigger.
 *
 * Callers build items from the kit handed to them (Radix's parts, styled, with variants: see menu-kit.tsx),
 * importing its type only, so that Radix stays out of their chunks. `className` adds to the menu's own look.
 */
export type MenuKit = typeof menuKit;
export type MenuContentProps = Pick<
  DropdownMenu.DropdownMenuContentProps,
  "align" | "side" | "sideOffset" | "className"
>;
/** Where a context menu opens (viewport coordinates), and what had focus then. */
export interface MenuPoint {
  x: number;
  y: number;
  focusBefore: HTMLElement | null;
}

const popupModule = onDemand(() => import("./menu-popup.tsx"));
const preload = () => void popupModule.load().catch(() => {});
const OPEN_KEYS = ["Enter", " ", "ArrowDown"];

interface LazyMenuProps extends MenuContentProps {
  /** The button that opens the menu. */
  trigger: ReactElement;
  children: (M: MenuKit) => ReactNode;
  modal?: boolean;
}

/** A dropdown menu opened by `trigger`. */
export function LazyMenu({ trigger, children, modal, ...contentProps }: LazyMenuProps) {
  const menu = useLazyPopup(popupModule);
  if (menu.popup) {
    return (
      <menu.popup.ButtonMenu
        trigger={trigger}
        open={menu.open}
        onOpenChange={menu.setOpen}
        modal={modal}
        openedByKeyboard={menu.openedByKeyboard}
        items={children}
        {...contentProps}
      />
    );
  }
  return (
    <Slot.Root
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix's trigger: the menu, not the button, takes focus.
        event.preventDefault();
        menu.openNow("pointer");
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        menu.openNow("keyboard");
      }}
    >
      {trigger}
    </Slot.Root>
  );
}

interface LazyContextMenuProps extends MenuContentProps {
  /** What the menu is for, e.g. "Actions for folder Logos" (its accessible name). */
  label: string;
  /** The element whose context menu this is (right click, the context menu key, Shift+F10). */
  children: ReactElement;
  items: (M: MenuKit) => ReactNode;
  modal?: boolean;
}

/** A context menu: the same menu, opened where the pointer (or, from the keyboard, the focused element) is. */
export function LazyContextMenu({ label, children, items, modal, ...contentProps }: LazyContextMenuProps) {
  const menu = useLazyPopup(popupModule);
  const [at, setAt] = useState<MenuPoint | null>(null);
  const openAt = (x: number, y: number, how: "keyboard" | "pointer") => {
    const focused = document.activeElement;
    setAt({
      x,
      y,
      focusBefore: focused instanceof HTMLElement && focused !== document.body ? focused : null,
    });
    menu.openNow(how);
  };
  // A finger resting on the element opens the same menu where it rests.
  const longPress = useLongPress((x, y) => openAt(x, y, "pointer"));
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    if (longPress.justFired()) return;
    // From the keyboard, Chromium says button -1; a Mac's Ctrl+click says button 0 with ctrlKey.
    const byKeyboard = event.button !== 2 && !event.ctrlKey;
    openAt(event.clientX, event.clientY, byKeyboard ? "keyboard" : "pointer");
  };
  return (
    <>
      <Slot.Root
        {...longPress.handlers}
        onContextMenu={onContextMenu}
        onPointerDown={(event: PointerEvent) => {
          if (event.button === 2 || event.pointerType === "touch") preload();
          longPress.handlers.onPointerDown(event);
        }}
        // No iOS link preview on a long press: the menu is the long press's answer.
        style={{ WebkitTouchCallout: "none" }}
      >
        {children}
      </Slot.Root>
      {menu.popup && at && (
        <menu.popup.PointMenu
          at={at}
          label={label}
          open={menu.open}
          onOpenChange={menu.setOpen}
          modal={modal}
          openedByKeyboard={menu.openedByKeyboard}
          items={items}
          {...contentProps}
        />
      )}
    </>
  );
}
