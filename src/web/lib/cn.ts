import { type ClassNameValue, twMerge } from "tailwind-merge";

/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class win over an earlier one of the same
 * property (`cn("size-8", "size-9")` is `"size-9"`). Primitives pass their own classes first and the caller's
 * `className` last, so a caller can override a size or colour without both reaching the element.
 *
 * The theme's own tokens (`accent-*` colours, the `skeleton` utility) need no configuration: tailwind-merge takes
 * any colour name after `bg-`/`text-`/`border-`, and a class it does not know is kept as it is.
 */
export function cn(...inputs: ClassNameValue[]): string {
  return twMerge(inputs);
}
