import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Replay } from "../../../contract/webhooks.ts";
import { deliveriesKey, replaysQuery } from "../../api/webhooks.ts";
import { formatDateTime } from "../../lib/format.ts";
import { Badge, type Tone } from "../ui/badge.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";

const STATUS: Record<Replay["status"], { label: string; tone: Tone }> = {
  queued: { label: "Queued", tone: "grey" },
  running: { label: "Running", tone: "blue" },
  completed: { label: "Completed", tone: "green" },
};

function ReplayRow({ replay }: { replay: Replay }) {
  const { status, since, until, event_count: count, created_at: createdAt } = replay;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-replay-id={replay.id}>
      <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
      <span>
        {formatDateTime(since)} – {until ? formatDateTime(until) : "now"}
      </span>
      <span className="text-zinc-600 dark:text-zinc-400">
        {status === "completed" ? `${count} ${count === 1 ? "event" : "events"} queued` : "Finding events…"}
      </span>
      <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
        started <RelativeTime iso={createdAt} />
      </span>
    </li>
  );
}

/** The endpoint's latest replays with their progress, followed until each has queued its deliveries. */
export function ReplayList({ webhookId }: { webhookId: string }) {
  const queryClient = useQueryClient();
  const replays = useQuery(replaysQuery(webhookId));
  const rows = replays.data?.data ?? [];
  const completed = rows.filter((r) => r.status === "completed").length;
  const seenCompleted = useRef<number | null>(null);
  // Once another replay has queued its deliveries, the deliveries table shows them.
  useEffect(() => {
    if (seenCompleted.current !== null && completed > seenCompleted.current) {
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
    }
    seenCompleted.current = completed;
  }, [completed, queryClient, webhookId]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="replays-heading" className="mx-6 mt-8">
      <h2 id="replays-heading" className="font-semibold text-lg">
        Replays
      </h2>
      <ul
        aria-live="polite"
        className="mt-2 divide-y divide-zinc-200 border-zinc-200 border-y dark:divide-zinc-800 dark:border-zinc-800"
      >
        {rows.map((replay) => (
          <ReplayRow key={replay.id} replay={replay} />
        ))}
      </ul>
    </section>
  );
}
