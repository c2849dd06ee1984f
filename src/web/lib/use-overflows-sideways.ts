import { useLayoutEffect, useRef, useState } from "react";

/**
 * Whether an `overflow-x-auto` box is narrower than what it holds, kept up to date as either resizes. Such a box
 * must be reachable by keyboard (WCAG 2.1.1) to be scrolled without a pointer; a box that fits needs no tab stop.
 */
export function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}
