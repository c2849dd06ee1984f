import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { RefreshCw, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { redeliverDelivery } from "../../../contract/operations/webhooks.ts";
import { DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from "../../../contract/webhooks.ts";
import { call } from "../../api/client.ts";
import { runBulk } from "../../api/files.ts";
import { deliveriesKey, deliveriesQuery, webhookHealthKey, webhookHealthQuery } from "../../api/webhooks.ts";
import { cn } from "../../lib/cn.ts";
import { formatPreciseDateTime } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { ListTable } from "../ui/list-table.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { DELIVERY_STATUS_LABELS, DeliveryStatusBadge } from "./badges.tsx";
import { oneDeliveryPerEvent } from "./one-delivery-per-event.ts";

/** While a delivery is in flight the list follows it closely; otherwise it still picks up new events. */
const FAST_REFRESH_MS = 2_000;
const SLOW_REFRESH_MS = 15_000;

export const ORIGIN_LABELS: Record<Delivery["origin"], string> = {
  fanout: "Event",
  redeliver: "Redelivery",
  replay: "Replay",
  test: "Test",
};

export function ResponseSummary({ delivery }: { delivery: Delivery }) {
  if (delivery.http_status !== null) {
    const ok = delivery.http_status >= 200 && delivery.http_status < 300;
    return (
      <span className={ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}>
        HTTP {delivery.http_status}
      </span>
    );
  }
  if (delivery.error_code)
    return <span className="text-red-700 dark:text-red-400">{delivery.error_code}</span>;
  return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
}

function DeliveryRow({
  delivery,
  webhookId,
  selected,
  onSelectedChange,
}: {
  delivery: Delivery;
  webhookId: string;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
}) {
  const later = delivery.status === "pending" && new Date(delivery.scheduled_at).getTime() > Date.now();
  return (
    <tr
      className={cn(
        "relative hover:bg-zinc-50 dark:hover:bg-zinc-900",
        selected && "bg-accent-50 dark:bg-zinc-800",
      )}
    >
      <td className="py-2.5 pl-6">
        {/* Above the row's stretched link, so that ticking it does not open the delivery. */}
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelectedChange(event.target.checked)}
          // Redeliveries, replays and tests of one event share its type: the origin and the second tell them apart.
          aria-label={`Select ${ORIGIN_LABELS[delivery.origin].toLowerCase()} ${delivery.event_type}, ${formatPreciseDateTime(delivery.created_at)}`}
          className="relative z-10 size-4 accent-accent-600"
        />
      </td>
      <td className="max-w-0 py-2.5 pr-3 pl-3">
        <Link
          to="/webhooks/$webhookId"
          params={{ webhookId }}
          search={(previous) => ({ ...previous, delivery: delivery.id })}
          className="block truncate font-mono text-[13px] after:absolute after:inset-0 hover:underline"
        >
          {delivery.event_type}
        </Link>
        {delivery.origin !== "fanout" && (
          <Badge tone="grey" className="mt-0.5">
            {ORIGIN_LABELS[delivery.origin]}
          </Badge>
        )}
      </td>
      <td className="px-3 py-2.5">
        <DeliveryStatusBadge status={delivery.status} />
        {later && (
          <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            Sends <RelativeTime iso={delivery.scheduled_at} />
          </p>
        )}
      </td>
      <td className="px-3 py-2.5 tabular-nums">{delivery.attempt} of 6</td>
      <td className="px-3 py-2.5">
        <ResponseSummary delivery={delivery} />
      </td>
      <td className="px-3 py-2.5 text-right tabular-nums">
        {delivery.duration_ms === null ? "—" : `${delivery.duration_ms} ms`}
      </td>
      <td className="whitespace-nowrap py-2.5 pr-6 pl-3 text-zinc-600 dark:text-zinc-400">
        <RelativeTime iso={delivery.delivered_at ?? delivery.created_at} />
      </td>
    </tr>
  );
}

const eventsLabel = (count: number) => `${count} ${count === 1 ? "event" : "events"}`;

/** Redeliver many at once, after a confirmation: each selected event is sent again once, as a new delivery. */
function BulkBar({
  webhookId,
  selected,
  denial,
  onDone,
}: {
  webhookId: string;
  selected: Delivery[];
  denial: string | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const toSend = oneDeliveryPerEvent(selected);
  const redeliverAll = async () => {
    const result = await runBulk(
      toSend.map((delivery) => delivery.id),
      (deliveryId) =>
        call(redeliverDelivery, { params: { webhookId, deliveryId }, idempotencyKey: crypto.randomUUID() }),
    );
    void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
    void queryClient.invalidateQueries({ queryKey: webhookHealthKey(webhookId) });
    setConfirming(false);
    if (result.failed.length === 0) {
      toast.success(`${eventsLabel(result.done.length)} queued for redelivery`);
      onDone();
    } else {
      toast.error(`${result.failed.length} of ${eventsLabel(toSend.length)} could not be redelivered`);
    }
  };
  return (
    <div
      role="toolbar"
      aria-label="Selected deliveries"
      className="mx-6 mb-3 flex flex-wrap items-center gap-3 rounded-md border border-accent-200 bg-accent-50 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800"
    >
      <span aria-live="polite">
        {selected.length} selected
        {toSend.length < selected.length ? ` (${eventsLabel(toSend.length)})` : ""}
      </span>
      <GuardedButton size="sm" denial={denial} onClick={() => setConfirming(true)}>
        <RotateCcw className="size-4" aria-hidden="true" />
        {`Redeliver ${eventsLabel(toSend.length)}`}
      </GuardedButton>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Redeliver ${eventsLabel(toSend.length)}?`}
        confirmLabel={`Redeliver ${eventsLabel(toSend.length)}`}
        onConfirm={redeliverAll}
      >
        <p>
          Each event is sent to this endpoint once more, as a new delivery with its own retries. The receiver
          gets the same event id again, so it should treat repeats as one.
        </p>
      </ConfirmDialog>
    </div>
  );
}

export interface DeliveriesTableProps {
  webhookId: string;
  denial: string | null;
  status: DeliveryStatus | undefined;
  onStatusChange: (status: DeliveryStatus | undefined) => void;
}

/** An endpoint's deliveries, newest first, filtered by status (kept in the URL), 25 at a time. */
export function DeliveriesTable({ webhookId, denial, status, onStatusChange }: DeliveriesTableProps) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // A selection belongs to the rows it was made on: another filter starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes
  useEffect(() => setSelected(new Set()), [status]);
  const setOne = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // Attempts waiting anywhere on the endpoint (its health counts them) may settle into this view: a "Succeeded"
  // filter shows none of them while they are pending, so its own rows cannot tell.
  const endpointPending = useQuery(webhookHealthQuery(webhookId)).data?.pending ?? 0;
  const deliveries = useInfiniteQuery({
    ...deliveriesQuery(webhookId, status),
    refetchInterval: (query) =>
      endpointPending > 0 || query.state.data?.pages[0]?.data.some((d) => d.status === "pending")
        ? FAST_REFRESH_MS
        : SLOW_REFRESH_MS,
  });
  // The moment fewer wait, some settled: shown at once, not at the next slow refresh.
  const refetch = deliveries.refetch;
  const pendingBefore = useRef(endpointPending);
  useEffect(() => {
    if (endpointPending < pendingBefore.current) void refetch();
    pendingBefore.current = endpointPending;
  }, [endpointPending, refetch]);
  const rows = deliveries.data?.pages.flatMap((page): Delivery[] => page.data) ?? [];
  const allShownSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return (
    <section aria-labelledby="deliveries-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 pb-3">
        <h2 id="deliveries-heading" className="font-semibold text-lg">
          Deliveries
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor="delivery-status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Status
          </label>
          <select
            id="delivery-status"
            value={status ?? ""}
            onChange={(event) =>
              onStatusChange((event.target.value || undefined) as DeliveryStatus | undefined)
            }
            className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">All</option>
            {DELIVERY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {DELIVERY_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Refresh deliveries"
            onClick={() => void deliveries.refetch()}
            disabled={deliveries.isFetching}
          >
            <RefreshCw
              className={deliveries.isFetching ? "size-4 animate-spin" : "size-4"}
              aria-hidden="true"
            />
          </Button>
        </div>
      </div>
      {selected.size > 0 && (
        <BulkBar
          webhookId={webhookId}
          selected={rows.filter((row) => selected.has(row.id))}
          denial={denial}
          onDone={() => setSelected(new Set())}
        />
      )}
      {deliveries.isPending ? (
        <div className="space-y-2 px-6" role="status" aria-label="Loading deliveries">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : deliveries.error ? (
        <p role="alert" className="px-6 text-red-600 text-sm dark:text-red-400">
          The deliveries could not be loaded: {deliveries.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="mx-6 rounded-lg border border-zinc-300 border-dashed p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {status
            ? `No ${DELIVERY_STATUS_LABELS[status].toLowerCase()} deliveries.`
            : "No deliveries yet. Send a test event to see one arrive."}
        </p>
      ) : (
        <ListTable
          caption="Deliveries, newest first"
          minWidth="min-w-[44rem]"
          columns={[
            {
              key: "select",
              className: "w-10 pr-0",
              label: (
                <input
                  type="checkbox"
                  checked={allShownSelected}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(rows.map((row) => row.id)) : new Set())
                  }
                  aria-label="Select every delivery shown"
                  className="size-4 accent-accent-600"
                />
              ),
            },
            { key: "event", label: "Event" },
            { key: "status", label: "Status", className: "w-40" },
            { key: "attempt", label: "Attempt", className: "w-20" },
            { key: "response", label: "Response", className: "w-28" },
            { key: "duration", label: "Duration", className: "w-24 text-right" },
            { key: "time", label: "Time", className: "w-36" },
          ]}
        >
          {rows.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              webhookId={webhookId}
              selected={selected.has(delivery.id)}
              onSelectedChange={(on) => setOne(delivery.id, on)}
            />
          ))}
        </ListTable>
      )}
      {deliveries.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void deliveries.fetchNextPage()}
            disabled={deliveries.isFetchingNextPage}
          >
            {deliveries.isFetchingNextPage ? "Loading…" : "Load more deliveries"}
          </Button>
        </div>
      )}
    </section>
  );
}
