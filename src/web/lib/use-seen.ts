import { useCallback, useState } from "react";

/**
 * Whether the element has come near the viewport (within `margin`) at least once: a ref callback to put on it,
 * and the answer, which stays true. For work worth doing only for what the user scrolls to (a row's cover).
 */
export function useSeen<T extends Element>(margin = "200px"): [(element: T | null) => void, boolean] {
  const [seen, setSeen] = useState(typeof IntersectionObserver === "undefined");
  const ref = useCallback(
    (element: T | null) => {
      if (!element || seen) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setSeen(true);
          observer.disconnect();
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen, margin],
  );
  return [ref, seen];
}
