import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";

const FADE = "2rem";

/**
 * For a box that scrolls sideways: its edges fade where more lies beyond them (a phone's row of filters gave no
 * sign that the last ones were off screen). Nothing fades while the box fits what it holds.
 */
type Edges = { before: boolean; after: boolean };

/** Whether more lies beyond each edge of the box, kept as it was when that did not change (no new render). */
function measure(box: HTMLElement, setEdges: (update: (known: Edges) => Edges) => void) {
  const before = box.scrollLeft > 1;
  const after = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
  setEdges((known) => (known.before === before && known.after === after ? known : { before, after }));
}

export function useSideScrollFades<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });
  // What the box holds changes with every render (a filter's label, the uploader filter once members load).
  useLayoutEffect(() => {
    if (ref.current) measure(ref.current, setEdges);
  });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const onChange = () => measure(box, setEdges);
    box.addEventListener("scroll", onChange, { passive: true });
    const observer = new ResizeObserver(onChange);
    observer.observe(box);
    return () => {
      box.removeEventListener("scroll", onChange);
      observer.disconnect();
    };
  }, []);
  const style: CSSProperties | undefined =
    edges.before || edges.after
      ? {
          maskImage: `linear-gradient(to right, ${edges.before ? `transparent, black ${FADE}` : "black"}, ${
            edges.after ? `black calc(100% - ${FADE}), transparent` : "black"
          })`,
        }
      : undefined;
  return { ref, style };
}
