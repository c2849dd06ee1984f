import { useQuery } from "@tanstack/react-query";
import { RotateCcw, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import {
  getWebhookHealth,
  listDeliveries,
  redeliverDelivery,
} from "../../../contract/operations/webhooks.ts";
import type { Delivery } from "../../../contract/webhooks.ts";
import { useApiMutation } from "../../api/query.ts";
import { deliveryAttemptsQuery, deliveryQuery, deliveryRequestQuery } from "../../api/webhooks.ts";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useDialogFocus } from "../../lib/return-focus.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { DeliveryStatusBadge } from "./badges.tsx";
import { ORIGIN_LABELS, ResponseSummary } from "./deliveries-table.tsx";

/** One fact of the delivery, its label above it (a compact `DetailRow`, two to a row in the drawer). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 break-all text-sm">{children}</dd>
    </div>
  );
}

function Mono({ children }: { children: ReactNode }) {
  return <code className="font-mono text-[13px]">{children}</code>;
}

function DeliveryFields({ delivery, onOpen }: { delivery: Delivery; onOpen: (deliveryId: string) => void }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4">
        <Fact label="Status">
          <DeliveryStatusBadge status={delivery.status} />
        </Fact>
        <Fact label="Attempt">{delivery.attempt} of 6</Fact>
        <Fact label="Response">
          <ResponseSummary delivery={delivery} />
        </Fact>
        <Fact label="Duration">{delivery.duration_ms === null ? "—" : `${delivery.duration_ms} ms`}</Fact>
        <Fact label="Scheduled">{formatDateTime(delivery.scheduled_at)}</Fact>
        <Fact label="Delivered">{delivery.delivered_at ? formatDateTime(delivery.delivered_at) : "—"}</Fact>
        <Fact label="Origin">{ORIGIN_LABELS[delivery.origin]}</Fact>
        {delivery.error_code && (
          <Fact label="Error">
            <Mono>{delivery.error_code}</Mono>
          </Fact>
        )}
      </dl>
      <dl className="mt-2 border-zinc-200 border-t pt-2 dark:border-zinc-800">
        <Fact label="Event ID (Service-Event-Id, the deduplication key)">
          <Mono>{delivery.event_id}</Mono>
        </Fact>
        <Fact label="Delivery ID (Service-Delivery-Id)">
          <Mono>{delivery.id}</Mono>
        </Fact>
        <Fact label="Request ID (X-Request-Id)">
          <Mono>{delivery.request_id}</Mono>
        </Fact>
        {delivery.replayed_from_id && (
          <Fact label="Sent again from">
            <button
              type="button"
              className="font-mono text-[13px] text-accent-700 hover:underline dark:text-accent-100"
              onClick={() => onOpen(delivery.replayed_from_id!)}
            >
              {delivery.replayed_from_id}
            </button>
          </Fact>
        )}
      </dl>
      <h3 className="mt-4 font-medium text-sm">Response body (first 1 KiB)</h3>
      {delivery.response_excerpt ? (
        <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-950">
          {delivery.response_excerpt}
        </pre>
      ) : (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">No response body was recorded.</p>
      )}
      <AttemptChain delivery={delivery} onOpen={onOpen} />
      <SentRequest delivery={delivery} />
    </>
  );
}

/** A titled part of the delivery panel. */
function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-5">
      <h3 id={id} className="font-medium text-sm">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Every attempt of this delivery's chain: the retries that led here or followed. */
function AttemptChain({ delivery, onOpen }: { delivery: Delivery; onOpen: (deliveryId: string) => void }) {
  const attempts = useQuery(deliveryAttemptsQuery(delivery.webhook_id, delivery.id));
  return (
    <PanelSection id="attempts-heading" title="Attempts">
      {attempts.error ? (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{attempts.error.message}</p>
      ) : !attempts.data ? (
        <Skeleton className="mt-1 h-16 w-full" />
      ) : (
        <ol className="mt-1 divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {attempts.data.data.map((attempt) => {
            const current = attempt.id === delivery.id;
            return (
              <li key={attempt.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <button
                  type="button"
                  onClick={() => onOpen(attempt.id)}
                  aria-current={current ? "true" : undefined}
                  className={cn("tabular-nums hover:underline", current && "font-semibold")}
                >
                  Attempt {attempt.attempt}
                </button>
                <DeliveryStatusBadge status={attempt.status} />
                <ResponseSummary delivery={attempt} />
                <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
                  {formatDateTime(attempt.delivered_at ?? attempt.scheduled_at)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </PanelSection>
  );
}

/** The request this attempt sent (or will send): URL, headers with the signature, and the exact body. */
function SentRequest({ delivery }: { delivery: Delivery }) {
  const request = useQuery(deliveryRequestQuery(delivery.webhook_id, delivery.id));
  return (
    <PanelSection id="request-heading" title="Request">
      {request.error ? (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {request.error.message}. Events, and so the requests made of them, are kept 30 days.
        </p>
      ) : !request.data ? (
        <Skeleton className="mt-1 h-32 w-full" />
      ) : (
        <>
          <p className="mt-1 break-all font-mono text-[13px]">
            {request.data.method} {request.data.url}
          </p>
          {!request.data.sent && (
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
              Not sent yet: the signature is made when it is sent.
            </p>
          )}
          <table className="mt-2 w-full table-fixed text-left font-mono text-xs">
            <caption className="sr-only">Request headers</caption>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {Object.entries(request.data.headers).map(([name, value]) => (
                <tr key={name}>
                  <th
                    scope="row"
                    className="w-48 py-1 pr-2 align-top font-normal text-zinc-600 dark:text-zinc-400"
                  >
                    {name}
                  </th>
                  <td className="break-all py-1">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* No scroll box of its own: the drawer scrolls, so the keyboard reaches all of it. */}
          <pre
            data-request-body=""
            className="mt-2 whitespace-pre-wrap break-all rounded-md bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-950"
          >
            {prettyJson(request.data.body)}
          </pre>
          <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            The body is shown indented; the signature covers the bytes as sent (one line). A redelivery sends
            the same event (same event ID) with a fresh signature.
          </p>
        </>
      )}
    </PanelSection>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export interface DeliveryDrawerProps {
  webhookId: string;
  deliveryId: string | undefined;
  denial: string | null;
  onOpen: (deliveryId: string | undefined) => void;
}

/** One delivery attempt in a side panel (its id is in the URL), with Redeliver. */
export function DeliveryDrawer({ webhookId, deliveryId, denial, onOpen }: DeliveryDrawerProps) {
  const delivery = useQuery({ ...deliveryQuery(webhookId, deliveryId ?? ""), enabled: !!deliveryId });
  const dialogFocus = useDialogFocus();
  const redeliver = useApiMutation(redeliverDelivery, { invalidates: [listDeliveries, getWebhookHealth] });
  const send = () =>
    redeliver.mutate(
      { params: { webhookId, deliveryId: deliveryId! } },
      {
        onSuccess: (created) => {
          toast.success("Redelivery queued");
          onOpen(created.id);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Dialog.Root open={!!deliveryId} onOpenChange={(open) => !open && onOpen(undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          {...dialogFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(32rem,100vw)] flex-col border-zinc-200 border-l bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex items-start justify-between gap-3 border-zinc-200 border-b px-5 py-4 dark:border-zinc-800">
            <div className="min-w-0">
              <Dialog.Title className="truncate font-mono font-semibold text-base">
                {delivery.data?.event_type ?? "Delivery"}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">
                Delivery attempt {delivery.data ? formatDateTime(delivery.data.created_at) : ""}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close delivery">
                <X className="size-4" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-3">
            {delivery.isPending ? (
              <div className="space-y-3" role="status" aria-label="Loading delivery">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-24 w-full" />
              </div>
            ) : delivery.error ? (
              <p role="alert" className="text-red-600 text-sm dark:text-red-400">
                {delivery.error.message}
              </p>
            ) : (
              <DeliveryFields delivery={delivery.data} onOpen={onOpen} />
            )}
          </div>
          <div className="flex justify-end gap-2 border-zinc-200 border-t px-5 py-3 dark:border-zinc-800">
            {/* Shown once the delivery is known, rather than disabled until then. */}
            {delivery.data && (
              <GuardedButton denial={denial} onClick={send} disabled={redeliver.isPending}>
                <RotateCcw className="size-4" aria-hidden="true" />
                {redeliver.isPending ? "Queuing…" : "Redeliver"}
              </GuardedButton>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
