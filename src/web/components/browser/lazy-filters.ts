import { lazyWhenOpen } from "../../lib/lazy-when-open.tsx";

/** The filters' panels (kind, extension, uploader, tag, property) and chips and the range filters' form, fetched when first shown, so the browse route's first paint stays small. */
export const PropertyFilterPanel = lazyWhenOpen(() =>
  import("./property-filter-panel.tsx").then((m) => m.PropertyFilterPanel),
);
export const PropertyChips = lazyWhenOpen(() => import("./property-chips.tsx").then((m) => m.PropertyChips));
export const RangeFilterForm = lazyWhenOpen(() =>
  import("./range-filter-form.tsx").then((m) => m.RangeFilterForm),
);
export const KindPanel = lazyWhenOpen(() => import("./simple-filter-panels.tsx").then((m) => m.KindPanel));
export const ExtensionPanel = lazyWhenOpen(() =>
  import("./simple-filter-panels.tsx").then((m) => m.ExtensionPanel),
);
export const UploaderPanel = lazyWhenOpen(() =>
  import("./simple-filter-panels.tsx").then((m) => m.UploaderPanel),
);
export const TagPanel = lazyWhenOpen(() => import("./tag-filter-panel.tsx").then((m) => m.TagPanel));
