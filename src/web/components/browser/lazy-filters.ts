import { lazyWhenOpen } from "../../lib/lazy-when-open.tsx";

/** The property filter's panel and chips, fetched when first shown, so the browse route's first paint stays small. */
export const PropertyFilterPanel = lazyWhenOpen(() =>
  import("./property-filter-panel.tsx").then((m) => m.PropertyFilterPanel),
);
export const PropertyChips = lazyWhenOpen(() => import("./property-chips.tsx").then((m) => m.PropertyChips));
