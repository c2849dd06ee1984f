import type { RateCounter, UsageHistory } from "../../../contract/meta.ts";
import { formatCount } from "../../lib/format.ts";
import { COUNTERS } from "./counters.ts";

type Granularity = UsageHistory["granularity"];

const WIDTH = 300;
const HEIGHT = 64;
const GAP = 1;

const minuteLabel = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A bucket's start as people read it: the local time of a minute, the UTC date of a day (days are UTC). */
export function bucketLabel(start: string, granularity: Granularity): string {
  return (granularity === "minute" ? minuteLabel : dayLabel).format(new Date(start));
}

const SPAN: Record<Granularity, string> = { minute: "per minute, last hour", day: "per day, last 30 days" };

/**
 * One counter's history as bars (an SVG: a few dozen rects need no charting library); each bar names its time
 * and count on hover, and the figure's name sums it up for screen readers, with the table beside it.
 */
export function HistoryChart({ counter, history }: { counter: RateCounter; history: UsageHistory }) {
  const { title } = COUNTERS[counter];
  const values = history.buckets.map((bucket) => bucket[counter]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const peak = Math.max(0, ...values);
  const peakAt = values.indexOf(peak);
  const barWidth = WIDTH / values.length;
  const summary =
    total === 0
      ? `${title} ${SPAN[history.granularity]}: none.`
      : `${title} ${SPAN[history.granularity]}: ${formatCount(total)} in all, at most ${formatCount(peak)} (${bucketLabel(history.buckets[peakAt]!.start, history.granularity)}), ${formatCount(values.at(-1)!)} in the latest.`;
  return (
    <figure className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-counter={counter}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{title}</span>
        <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400" data-total={total}>
          {formatCount(total)} in all
        </span>
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 h-16 w-full overflow-visible text-accent-600"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          className="stroke-zinc-300 dark:stroke-zinc-700"
        />
        {values.map((value, i) => {
          const height = peak === 0 ? 0 : Math.max(value > 0 ? 2 : 0, (value / peak) * (HEIGHT - 4));
          const bucket = history.buckets[i]!;
          return (
            <rect
              key={bucket.start}
              x={i * barWidth + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(0.5, barWidth - GAP)}
              height={height}
              rx={0.5}
              className="fill-current"
            >
              <title>{`${bucketLabel(bucket.start, history.granularity)}: ${formatCount(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
        <span>{bucketLabel(history.buckets[0]!.start, history.granularity)}</span>
        <span>{history.granularity === "minute" ? "now" : "today"}</span>
      </div>
      <table className="sr-only">
        <caption>{`${title} ${SPAN[history.granularity]}`}</caption>
        <thead>
          <tr>
            <th scope="col">{history.granularity === "minute" ? "Minute" : "Day"}</th>
            <th scope="col">Count</th>
          </tr>
        </thead>
        <tbody>
          {history.buckets.map((bucket) => (
            <tr key={bucket.start}>
              <td>{bucketLabel(bucket.start, history.granularity)}</td>
              <td>{bucket[counter]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
