import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { Replay } from "../../../contract/webhooks.ts";
import { deliveriesKey, replayQuery } from "../../api/webhooks.ts";
import { formatDateTime } from "../../lib/format.ts";
import { Badge, type Tone } from "../ui/badge.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";

const STATUS: Record<Replay["status"], { label: string; tone: Tone }> = {
  queued: { label: "Queued", tone: "grey" },
  running: { label: "Running", tone: "blue" },
  completed: { label: "Completed", tone: "green" },
};

/**
 * The replays started from this tab (the API has no list of replays, only each one by id), remembered for the
 * session so that a reload still follows them.
 */
export function useRecentReplays(webhookId: string): [string[], (replayId: string) => void] {
  const key = `brandspace.replays.${webhookId}`;
  const [ids, setIds] = useState<string[]>(() => JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[]);
  const add = useCallback(
    (replayId: string) =>
      setIds((current) => {
        const next = [replayId, ...current.filter((id) => id !== replayId)].slice(0, 5);
        sessionStorage.setItem(key, JSON.stringify(next));
        return next;
      }),
    [key],
  );
  return [ids, add];
}

function ReplayRow({ webhookId, replayId }: { webhookId: string; replayId: string }) {
  const queryClient = useQueryClient();
  const replay = useQuery(replayQuery(webhookId, replayId));
  const completed = replay.data?.status === "completed";
  // Once a replay has queued its deliveries, the table shows them.
  useEffect(() => {
    if (completed) void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
  }, [completed, queryClient, webhookId]);
  if (replay.error) {
    return (
      <li className="py-2 text-sm text-zinc-600 dark:text-zinc-400">
        Replay {replayId}: {replay.error.message}
      </li>
    );
  }
  if (!replay.data) return <li className="py-2 text-sm text-zinc-600 dark:text-zinc-400">Loading replay…</li>;
  const { status, since, until, event_count: count, created_at: createdAt } = replay.data;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
      <span>
        {formatDateTime(since)} – {until ? formatDateTime(until) : "now"}
      </span>
      <span className="text-zinc-600 dark:text-zinc-400">
        {completed ? `${count} ${count === 1 ? "event" : "events"} queued` : "Finding events…"}
      </span>
      <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
        started <RelativeTime iso={createdAt} />
      </span>
    </li>
  );
}

/** Each replay's progress, polled until it completes. */
export function ReplayList({ webhookId, replayIds }: { webhookId: string; replayIds: string[] }) {
  if (replayIds.length === 0) return null;
  return (
    <section aria-labelledby="replays-heading" className="mx-6 mt-8">
      <h2 id="replays-heading" className="font-semibold text-lg">
        Replays
      </h2>
      <ul
        aria-live="polite"
        className="mt-2 divide-y divide-zinc-200 border-zinc-200 border-y dark:divide-zinc-800 dark:border-zinc-800"
      >
        {replayIds.map((id) => (
          <ReplayRow key={id} webhookId={webhookId} replayId={id} />
        ))}
      </ul>
    </section>
  );
}
