import { useQuery } from "@tanstack/react-query";
import type { WebhookHealth } from "../../../contract/webhooks.ts";
import { webhookHealthQuery } from "../../api/webhooks.ts";
import { cn } from "../../lib/cn.ts";
import { formatCount } from "../../lib/format.ts";
import { RelativeTime } from "../ui/relative-time.tsx";
import { ResponseSummary } from "./deliveries-table.tsx";

const HOUR_LABEL = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** 97.5 % → "97.5%", 100 % → "100%": a rate that is not whole keeps one decimal so 99.9 is not shown as 100. */
export function formatRate(rate: number): string {
  const percent = rate * 100;
  return `${Number.isInteger(percent) ? percent : Math.floor(percent * 10) / 10}%`;
}

function rateTone(rate: number | null): string {
  if (rate === null) return "text-zinc-600 dark:text-zinc-400";
  if (rate >= 0.99) return "text-emerald-700 dark:text-emerald-400";
  if (rate >= 0.9) return "text-amber-700 dark:text-amber-400";
  return "text-red-700 dark:text-red-400";
}

/** 24 hourly columns, successes green from the bottom and failures red on top, scaled to the busiest hour. */
function OutcomeSparkline({ health, className }: { health: WebhookHealth; className?: string }) {
  const busiest = Math.max(1, ...health.hours.map((h) => h.succeeded + h.failed));
  const width = 96;
  const height = 20;
  const step = width / health.hours.length;
  return (
    <svg
      role="img"
      aria-label={`Outcomes per hour over the last 24 hours: ${formatCount(health.succeeded)} succeeded, ${formatCount(health.failed)} failed`}
      viewBox={`0 0 ${width} ${height}`}
      className={cn("h-5 w-24 shrink-0", className)}
      data-sparkline=""
    >
      {health.hours.map((hour, i) => {
        const ok = (hour.succeeded / busiest) * height;
        const bad = (hour.failed / busiest) * height;
        const x = i * step + 0.5;
        const w = Math.max(1, step - 1);
        return (
          <g key={hour.start}>
            <title>{`${HOUR_LABEL.format(new Date(hour.start))}: ${hour.succeeded} succeeded, ${hour.failed} failed`}</title>
            <rect x={x} y={0} width={w} height={height} className="fill-zinc-100 dark:fill-zinc-800" />
            {ok > 0 && <rect x={x} y={height - ok} width={w} height={ok} className="fill-emerald-500" />}
            {bad > 0 && <rect x={x} y={height - ok - bad} width={w} height={bad} className="fill-red-500" />}
          </g>
        );
      })}
    </svg>
  );
}

/** An endpoint's health at a glance: success rate over the last day, its sparkline, and the latest delivery. */
export function EndpointHealth({ webhookId, layout }: { webhookId: string; layout: "row" | "panel" }) {
  const health = useQuery(webhookHealthQuery(webhookId));
  if (health.error) {
    return <span className="text-xs text-zinc-600 dark:text-zinc-400">Health unavailable</span>;
  }
  if (!health.data)
    return <span className="block h-5 w-40 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />;
  const data = health.data;
  const rate =
    data.success_rate === null ? (
      <span className={rateTone(null)}>No deliveries in 24 h</span>
    ) : (
      <span className={cn("font-medium tabular-nums", rateTone(data.success_rate))}>
        {formatRate(data.success_rate)} of attempts succeeded
      </span>
    );
  const last = data.last_delivery && (
    <span className="text-zinc-600 dark:text-zinc-400">
      Last <ResponseSummary delivery={data.last_delivery} />{" "}
      <RelativeTime iso={data.last_delivery.delivered_at ?? data.last_delivery.created_at} />
    </span>
  );
  if (layout === "row") {
    return (
      <div className="flex flex-col gap-1 text-xs" data-health={data.success_rate ?? "none"}>
        <div className="flex items-center gap-2">
          <OutcomeSparkline health={data} />
          {rate}
        </div>
        {last}
      </div>
    );
  }
  return (
    <section
      aria-labelledby="health-heading"
      className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h2 id="health-heading" className="font-medium text-sm">
        Last 24 hours
      </h2>
      <div
        className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
        data-health={data.success_rate ?? "none"}
      >
        <OutcomeSparkline health={data} className="h-8 w-48" />
        <div className="flex flex-col">
          {rate}
          <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
            {formatCount(data.succeeded)} succeeded · {formatCount(data.failed)} failed
            {data.pending > 0 && ` · ${formatCount(data.pending)} waiting`}
          </span>
        </div>
        {last && <div className="text-xs">{last}</div>}
      </div>
    </section>
  );
}
