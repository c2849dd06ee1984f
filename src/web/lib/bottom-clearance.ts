/**
 * A CSS custom property on the root, set while something floats at the bottom of the window (the selection bar):
 * how far from the bottom other things start to stay clear of it. Toasts start above it; the browse views pad
 * their ends with it so that their last row can scroll out from under it.
 */
export const BOTTOM_CLEARANCE_VAR = "--bottom-clearance";

/** The padding under a browse view's content: 6rem, or more while the selection bar is taller than that. */
export const CLEAR_OF_SELECTION_BAR = "pb-[max(6rem,var(--bottom-clearance,0px))]";
