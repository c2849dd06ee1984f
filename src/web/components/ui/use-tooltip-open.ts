import { type PointerEvent, useEffect, useRef, useState } from "react";

const OPEN_DELAY_MS = 300;
/** Soon after one tooltip closed, the next opens without the delay, as when moving along a row of buttons. */
const SKIP_DELAY_MS = 300;
/** Leaving the trigger closes after this long, time enough to move the pointer onto the bubble to read it. */
const CLOSE_GRACE_MS = 100;

/** One tooltip shows at a time: opening one closes the other. */
let closeShown: (() => void) | null = null;
let lastClosedAt = 0;

/**
 * When a tooltip shows, as Radix's tooltip did: on hover after a delay (not for touch), at once on keyboard
 * focus, not on the focus a click gives; it closes on leave, blur, click and Escape. `onIntent` runs as soon as
 * the pointer or focus reaches the trigger, to fetch the bubble's code while the delay runs.
 */
export function useTooltipOpen(onIntent: () => void) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pointerIsDown = useRef(false);

  const later = (action: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, ms);
  };
  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    closeShown?.();
    const close = () => setOpen(false);
    closeShown = close;
    // Capturing on window runs before Radix's layers (a dialog around the trigger), which leave an Escape whose
    // default was prevented alone: the first Escape closes the tooltip only.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close();
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      if (closeShown === close) closeShown = null;
      lastClosedAt = Date.now();
    };
  }, [open]);

  return {
    open,
    triggerHandlers: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === "touch") return;
        onIntent();
        if (open) clearTimeout(timer.current);
        else later(show, Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS);
      },
      onPointerLeave: () => later(hide, CLOSE_GRACE_MS),
      onPointerDown: () => {
        pointerIsDown.current = true;
        document.addEventListener("pointerup", () => (pointerIsDown.current = false), { once: true });
      },
      onFocus: () => {
        if (pointerIsDown.current) return;
        onIntent();
        show();
      },
      onBlur: hide,
      onClick: hide,
    },
    bubbleHandlers: {
      onPointerEnter: () => clearTimeout(timer.current),
      onPointerLeave: () => later(hide, CLOSE_GRACE_MS),
    },
  };
}
