import { useQuery } from "@tanstack/react-query";
import { type UsageHistory as History, RATE_COUNTERS } from "../../../contract/meta.ts";
import { usageHistoryQuery } from "../../api/meta.ts";
import { cn } from "../../lib/cn.ts";
import { HistoryChart } from "./history-chart.tsx";

type Granularity = History["granularity"];

const CHOICES: { value: Granularity; label: string }[] = [
  { value: "minute", label: "Last hour" },
  { value: "day", label: "Last 30 days" },
];

/** Consumption over time: each counter's bars for the last hour by minute, or the last 30 days by day. */
export function UsageHistory({
  granularity,
  onGranularityChange,
  refreshMs,
}: {
  granularity: Granularity;
  onGranularityChange: (granularity: Granularity) => void;
  refreshMs: number;
}) {
  const history = useQuery({ ...usageHistoryQuery(granularity), refetchInterval: refreshMs });
  return (
    <section aria-labelledby="usage-history" className="mt-8 px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="usage-history" className="font-semibold text-lg">
          Over time
        </h2>
        <fieldset
          aria-label="Period"
          className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700"
        >
          {CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="button"
              aria-pressed={granularity === choice.value}
              onClick={() => onGranularityChange(choice.value)}
              className={cn(
                "rounded px-3 py-1 text-sm",
                granularity === choice.value
                  ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
                  : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
              )}
            >
              {choice.label}
            </button>
          ))}
        </fieldset>
      </div>
      {history.error ? (
        <p role="alert" className="mt-3 text-red-600 text-sm dark:text-red-400">
          The history could not be loaded: {history.error.message}
        </p>
      ) : history.data ? (
        <div className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-4">
          {RATE_COUNTERS.map((counter) => (
            <HistoryChart key={counter} counter={counter} history={history.data} />
          ))}
        </div>
      ) : (
        <div
          className="mt-3 h-32 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900"
          role="status"
          aria-label="Loading the history"
        />
      )}
    </section>
  );
}
