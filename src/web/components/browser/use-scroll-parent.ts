import { type RefObject, useLayoutEffect, useState } from "react";

function scrollParentOf(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return document.scrollingElement as HTMLElement;
}

export interface ScrollParent {
  element: HTMLElement | null;
  /** Where the observed element starts inside the scroller's content (the virtualizer's scrollMargin). */
  offset: number;
  /** The observed element's width (the grid's column count follows it). */
  width: number;
}

/**
 * The page's scroll container and the position and width of `ref` inside it, kept current as the content
 * above it (header, folders) or the window changes size. The whole page scrolls as one, like a file manager.
 */
export function useScrollParent(ref: RefObject<HTMLElement | null>): ScrollParent {
  const [state, setState] = useState<ScrollParent>({ element: null, offset: 0, width: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const scroller = scrollParentOf(element);
    const measure = () => {
      const offset = Math.round(
        element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop,
      );
      const width = element.clientWidth;
      setState((previous) =>
        previous.element === scroller && previous.offset === offset && previous.width === width
          ? previous
          : { element: scroller, offset, width },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(scroller);
    for (const child of scroller.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return state;
}
