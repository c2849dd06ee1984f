import { type MouseEvent, type PointerEvent, useEffect, useRef } from "react";

/** How long a finger rests before it is a long press, as on the platforms' own context menus. */
export const LONG_PRESS_MS = 500;
/** A finger that moves further is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;
/** After a long press the finger lifts: the click (and a late native context menu) that follow are its own. */
const AFTERMATH_MS = 800;

/**
 * A touch long press, for context menus where the browser gives none (iOS Safari) or gives it late: the handlers
 * go on the pressed element; `onLongPress` gets the point pressed. The click after a long press is swallowed, so
 * that lifting the finger does not also open the link that was pressed.
 */
export function useLongPress(onLongPress: (x: number, y: number) => void) {
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const firedAt = useRef(0);
  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  // A press still pending when the element goes away must not fire.
  useEffect(
    () => () => {
      if (press.current) clearTimeout(press.current.timer);
    },
    [],
  );
  const justFired = () => Date.now() - firedAt.current < AFTERMATH_MS;
  return {
    /** True just after a long press: a native context menu event then is the same gesture. */
    justFired,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType !== "touch") return;
        cancel();
        const { clientX: x, clientY: y } = event;
        press.current = {
          x,
          y,
          timer: setTimeout(() => {
            press.current = null;
            firedAt.current = Date.now();
            onLongPress(x, y);
          }, LONG_PRESS_MS),
        };
      },
      onPointerMove: (event: PointerEvent) => {
        const current = press.current;
        if (current && Math.hypot(event.clientX - current.x, event.clientY - current.y) > MOVE_TOLERANCE_PX)
          cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onClickCapture: (event: MouseEvent) => {
        if (!justFired()) return;
        event.preventDefault();
        event.stopPropagation();
      },
    },
  };
}
