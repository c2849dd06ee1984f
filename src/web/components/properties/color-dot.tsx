import { cn } from "../../lib/cn.ts";

/** An option's colour as a small dot; decorative, as the option's label says what it is. */
export function ColorDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20",
        className,
      )}
      style={{ backgroundColor: color }}
    />
  );
}
