import type { CSSProperties } from "react";
import type { RateCounter, Usage } from "../../../contract/meta.ts";
import { cn } from "../../lib/cn.ts";
import { formatCount, relativeTime } from "../../lib/format.ts";
import { COUNTERS, perWindow } from "./counters.ts";

/**
 * A native <meter> drawn as a thin bar; its fill colour comes from `--meter-fill` in every engine's pseudo-element.
 * The track sets the whole `background`: Chromium's own is a light gradient image that a colour alone sits under.
 */
const METER =
  "mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-zinc-200 dark:bg-zinc-800 [&::-moz-meter-bar]:rounded-full [&::-moz-meter-bar]:[background:var(--meter-fill)] [&::-webkit-meter-bar]:h-2 [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:[background:var(--color-zinc-200)] dark:[&::-webkit-meter-bar]:[background:var(--color-zinc-800)] [&::-webkit-meter-even-less-good-value]:rounded-full [&::-webkit-meter-even-less-good-value]:[background:var(--meter-fill)] [&::-webkit-meter-optimum-value]:rounded-full [&::-webkit-meter-optimum-value]:[background:var(--meter-fill)] [&::-webkit-meter-suboptimum-value]:rounded-full [&::-webkit-meter-suboptimum-value]:[background:var(--meter-fill)]";
const FILLS = {
  ok: "var(--color-accent-600)",
  high: "var(--color-amber-500)",
  full: "var(--color-red-600)",
} as const;

/** One counter: used of limit as a meter, amber from 80 %, red at the limit, and when it resets. */
export function UsageMeter({
  counter,
  value,
  window,
}: {
  counter: RateCounter;
  value: Usage[RateCounter];
  window: string;
}) {
  const { title, what } = COUNTERS[counter];
  const share = value.limit > 0 ? value.used / value.limit : 1;
  const percent = Math.min(100, Math.round(share * 100));
  const level = share >= 1 ? "full" : share >= 0.8 ? "high" : "ok";
  const label = `${title} ${perWindow(window)}`;
  return (
    <li
      className={cn(
        "rounded-lg border p-4",
        level === "full" && "border-red-300 dark:border-red-800",
        level === "high" && "border-amber-300 dark:border-amber-700",
        level === "ok" && "border-zinc-200 dark:border-zinc-800",
      )}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="font-medium">{title}</h2>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{perWindow(window)}</span>
      </div>
      <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{what}</p>
      <p className="mt-3 text-2xl tabular-nums">
        {formatCount(value.used)}
        <span className="text-base text-zinc-600 dark:text-zinc-400"> / {formatCount(value.limit)}</span>
      </p>
      <meter
        aria-label={label}
        min={0}
        max={value.limit}
        value={Math.min(value.used, value.limit)}
        aria-valuetext={`${formatCount(value.used)} of ${formatCount(value.limit)} used (${percent}%)`}
        style={{ "--meter-fill": FILLS[level] } as CSSProperties}
        className={METER}
      />
      <div className="mt-2 flex flex-wrap justify-between gap-x-3 text-sm">
        <span className={cn(level === "full" && "font-medium text-red-700 dark:text-red-400")}>
          {level === "full" ? "Limit reached" : `${formatCount(value.remaining)} remaining`}
        </span>
        <span className="text-zinc-600 dark:text-zinc-400">
          Resets <time dateTime={value.resets_at}>{relativeTime(value.resets_at)}</time>
        </span>
      </div>
      {level !== "ok" && (
        <p className="mt-2 text-xs text-zinc-700 dark:text-zinc-300">
          {level === "full"
            ? "Requests that count here are refused (429) until the window resets."
            : `${percent}% used: close to the limit.`}
        </p>
      )}
    </li>
  );
}
