import type { ButtonHTMLAttributes } from "react";
import { cn } from "../../lib/cn.ts";

type Variant = "primary" | "secondary" | "ghost" | "danger" | "overlay";

const VARIANTS: Record<Variant, string> = {
  // Dark: a dimmed accent still read as a live button there; a disabled one turns grey.
  primary:
    "bg-accent-600 text-white hover:bg-accent-700 disabled:bg-accent-600/50 dark:disabled:bg-zinc-700 dark:disabled:text-zinc-300",
  secondary:
    "border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
  ghost: "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50",
  // On the dark of a viewer, in either theme; the accent's focus ring would be faint there.
  overlay: "text-white hover:bg-white/15 focus-visible:outline-white",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "sm" | "md" | "icon";
}

/** A button's classes, for a link that looks like one (a download's `<a>`). */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className,
}: Pick<ButtonProps, "variant" | "size" | "className">) {
  return cn(
    "inline-flex items-center justify-center gap-1.5 rounded-md font-medium text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    size === "sm" && "h-8 px-2.5",
    size === "md" && "h-9 px-3.5",
    size === "icon" && "size-8",
    VARIANTS[variant],
    className,
  );
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}
