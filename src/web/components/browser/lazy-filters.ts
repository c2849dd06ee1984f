import { lazyWhenOpen } from "../../lib/lazy-when-open.tsx";

/** The property filter's panel and chips and the range filters' form, fetched when first shown, so the browse route's first paint stays small. */
export const PropertyFilterPanel = lazyWhenOpen(() =>
  import("./property-filter-panel.tsx").then((m) => m.PropertyFilterPanel),
);
export const PropertyChips = lazyWhenOpen(() => import("./property-chips.tsx").then((m) => m.PropertyChips));
export const RangeFilterForm = lazyWhenOpen(() =>
  import("./range-filter-form.tsx").then((m) => m.RangeFilterForm),
);
