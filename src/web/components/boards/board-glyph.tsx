import { cn } from "../../lib/cn.ts";

/** A board's mark: its emoji on its colour, or a plain swatch of the colour. */
export function BoardGlyph({
  board,
  className,
}: {
  board: { color: string; emoji: string | null };
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-md border border-black/10 text-base dark:border-white/15",
        className,
      )}
      // A fifth of the colour: color-mix reads every hex form (#rgb too), where appending an alpha did not.
      style={{
        backgroundColor: `color-mix(in srgb, ${board.color} 20%, transparent)`,
        boxShadow: `inset 0 -3px 0 ${board.color}`,
      }}
    >
      {board.emoji}
    </span>
  );
}
