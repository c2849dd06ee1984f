import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { RefreshCw } from "lucide-react";
import { type CSSProperties, useEffect, useState } from "react";
import { type KeyContext, RATE_COUNTERS, type RateCounter, type Usage } from "../../../contract/meta.ts";
import { scopeSatisfied } from "../../../contract/scopes.ts";
import { meQuery, useAccess } from "../../api/access.ts";
import { usageQuery } from "../../api/meta.ts";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { AccessNotice } from "../../components/ui/access-notice.tsx";
import { Button } from "../../components/ui/button.tsx";
import { RelativeTime } from "../../components/ui/relative-time.tsx";
import { PageSkeleton } from "../../components/ui/skeleton.tsx";
import { cx } from "../../lib/cx.ts";
import { relativeTime } from "../../lib/relative-time.ts";

const REFRESH_MS = 30_000;

const COUNTERS: Record<RateCounter, { title: string; what: string }> = {
  sustained: { title: "API requests", what: "Every request, the dashboard's own included." },
  month: { title: "Monthly requests", what: "Every request this calendar month (UTC)." },
  search: { title: "Searches", what: "File listings with a search text." },
  uploads: { title: "Uploads and imports", what: "Uploads and imports started." },
  downloads: { title: "Downloads", what: "Download URLs issued and public downloads." },
};

const UNITS: Record<string, [string, string]> = {
  s: ["second", "seconds"],
  m: ["minute", "minutes"],
  h: ["hour", "hours"],
  d: ["day", "days"],
  mo: ["month", "months"],
};

/** A limit's window ("1m", "1mo") in words: "per minute", "per 5 minutes". */
function perWindow(window: string): string {
  const match = /^(\d+)(mo|s|m|h|d)$/.exec(window);
  if (!match) return `per ${window}`;
  const [singular, plural] = UNITS[match[2]!]!;
  return match[1] === "1" ? `per ${singular}` : `per ${match[1]} ${plural}`;
}

const numbers = new Intl.NumberFormat();

/** A native <meter> drawn as a thin bar; its fill colour comes from `--meter-fill` in every engine's pseudo-element. */
const METER =
  "mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-zinc-200 dark:bg-zinc-800 [&::-moz-meter-bar]:rounded-full [&::-moz-meter-bar]:[background:var(--meter-fill)] [&::-webkit-meter-bar]:h-2 [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-zinc-200 dark:[&::-webkit-meter-bar]:bg-zinc-800 [&::-webkit-meter-even-less-good-value]:rounded-full [&::-webkit-meter-even-less-good-value]:[background:var(--meter-fill)] [&::-webkit-meter-optimum-value]:rounded-full [&::-webkit-meter-optimum-value]:[background:var(--meter-fill)] [&::-webkit-meter-suboptimum-value]:rounded-full [&::-webkit-meter-suboptimum-value]:[background:var(--meter-fill)]";
const FILLS = {
  ok: "var(--color-accent-600)",
  high: "var(--color-amber-500)",
  full: "var(--color-red-600)",
} as const;

/** Re-renders every few seconds, so that "resets in 20 seconds" stays true between refreshes. */
function useTick(ms: number): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

export const Route = createFileRoute("/_app/usage")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "usage:read")) await queryClient.ensureQueryData(usageQuery());
  },
  pendingComponent: PageSkeleton,
  component: UsagePage,
});

function Meter({
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
      className={cx(
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
        {numbers.format(value.used)}
        <span className="text-base text-zinc-600 dark:text-zinc-400"> / {numbers.format(value.limit)}</span>
      </p>
      <meter
        aria-label={label}
        min={0}
        max={value.limit}
        value={Math.min(value.used, value.limit)}
        aria-valuetext={`${numbers.format(value.used)} of ${numbers.format(value.limit)} used (${percent}%)`}
        style={{ "--meter-fill": FILLS[level] } as CSSProperties}
        className={METER}
      />
      <div className="mt-2 flex flex-wrap justify-between gap-x-3 text-sm">
        <span className={cx(level === "full" && "font-medium text-red-700 dark:text-red-400")}>
          {level === "full" ? "Limit reached" : `${numbers.format(value.remaining)} remaining`}
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

function PlanSummary({ me }: { me: KeyContext }) {
  return (
    <section aria-labelledby="plan-heading" className="mx-6 mt-8">
      <h2 id="plan-heading" className="font-semibold text-lg">
        Plan <span className="font-normal text-zinc-600 capitalize dark:text-zinc-400">{me.plan.name}</span>
      </h2>
      <table className="mt-2 w-full max-w-xl text-left text-sm">
        <caption className="sr-only">Limits of the {me.plan.name} plan</caption>
        <thead className="border-zinc-200 border-b text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Counter
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Limit
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {RATE_COUNTERS.map((counter) => (
            <tr key={counter}>
              <th scope="row" className="py-2 font-normal">
                {COUNTERS[counter].title}
              </th>
              <td className="py-2 text-right tabular-nums">
                {numbers.format(me.limits[counter].limit)} {perWindow(me.limits[counter].window)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        Limits count for the whole brandspace. Every answer carries RateLimit-Limit, RateLimit-Remaining and
        RateLimit-Reset headers for the tightest counter it used.
      </p>
    </section>
  );
}

function UsagePage() {
  useTick(5_000);
  const me = useQuery(meQuery());
  const denial = useAccess().denial("usage:read", "usage.view");
  const usage = useQuery({ ...usageQuery(), enabled: !denial, refetchInterval: REFRESH_MS });
  return (
    <div className="pb-10">
      <PageHeader
        title="Usage"
        actions={
          !denial && (
            <>
              {usage.dataUpdatedAt > 0 && (
                <span className="text-sm text-zinc-600 dark:text-zinc-400">
                  Updated <RelativeTime iso={new Date(usage.dataUpdatedAt).toISOString()} />
                </span>
              )}
              <Button
                variant="secondary"
                onClick={() => void usage.refetch()}
                disabled={usage.isFetching}
                aria-label="Refresh usage"
              >
                <RefreshCw className={cx("size-4", usage.isFetching && "animate-spin")} aria-hidden="true" />
                Refresh
              </Button>
            </>
          )
        }
      />
      {denial ? (
        <AccessNotice title="Usage is not available to this dashboard" reason={denial} />
      ) : usage.error ? (
        <p role="alert" className="mx-6 text-red-600 text-sm dark:text-red-400">
          The usage could not be loaded: {usage.error.message}
        </p>
      ) : (
        usage.data &&
        me.data && (
          <ul
            className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-4 px-6"
            aria-label="Rate-limit counters"
          >
            {RATE_COUNTERS.map((counter) => (
              <Meter
                key={counter}
                counter={counter}
                value={usage.data[counter]}
                window={me.data.limits[counter].window}
              />
            ))}
          </ul>
        )
      )}
      {me.data && <PlanSummary me={me.data} />}
    </div>
  );
}
