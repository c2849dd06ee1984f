import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Plus, Webhook as WebhookIcon } from "lucide-react";
import { useState } from "react";
import { scopeSatisfied } from "../../../../contract/scopes.ts";
import type { Webhook } from "../../../../contract/webhooks.ts";
import { meQuery, useAccess } from "../../../api/access.ts";
import { webhooksQuery } from "../../../api/webhooks.ts";
import { PageHeader } from "../../../components/shell/page-header.tsx";
import { AccessNotice } from "../../../components/ui/access-notice.tsx";
import { GuardedButton } from "../../../components/ui/guarded-button.tsx";
import { ListTable } from "../../../components/ui/list-table.tsx";
import { RelativeTime } from "../../../components/ui/relative-time.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { WebhookStatusBadge } from "../../../components/webhooks/badges.tsx";
import { EndpointHealth } from "../../../components/webhooks/endpoint-health.tsx";
import { EventsSummary } from "../../../components/webhooks/events-summary.tsx";
import { NewWebhookDialog } from "../../../components/webhooks/new-webhook-dialog.tsx";

export const Route = createFileRoute("/_app/webhooks/")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "webhooks:read")) await queryClient.ensureQueryData(webhooksQuery());
  },
  pendingComponent: PageSkeleton,
  component: WebhooksPage,
});

function EmptyState({ onCreate, denial }: { onCreate: () => void; denial: string | null }) {
  return (
    <div className="mx-6 flex flex-col items-center rounded-lg border border-zinc-300 border-dashed px-6 py-12 text-center dark:border-zinc-700">
      <WebhookIcon className="size-8 text-accent-600 dark:text-accent-500" aria-hidden="true" />
      <h2 className="mt-3 font-medium">No endpoints yet</h2>
      <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        An endpoint receives a signed HTTP POST for every event it subscribes to: files uploaded, folders
        moved, comments, and more. Failed deliveries are retried for about 10 hours.
      </p>
      <GuardedButton className="mt-5" denial={denial} onClick={onCreate}>
        <Plus className="size-4" aria-hidden="true" /> New endpoint
      </GuardedButton>
    </div>
  );
}

function EndpointRow({ webhook }: { webhook: Webhook }) {
  const url = new URL(webhook.url);
  return (
    <tr className="relative hover:bg-zinc-50 dark:hover:bg-zinc-900">
      <td className="max-w-0 py-3 pr-3 pl-6">
        <Link
          to="/webhooks/$webhookId"
          params={{ webhookId: webhook.id }}
          className="block truncate font-medium after:absolute after:inset-0 hover:underline"
        >
          {url.host}
          <span className="font-normal text-zinc-600 dark:text-zinc-400">{url.pathname}</span>
        </Link>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
          {webhook.description || webhook.url}
        </p>
      </td>
      <td className="px-3 py-3">
        <EventsSummary events={webhook.events} max={2} />
      </td>
      <td className="px-3 py-3">
        <WebhookStatusBadge webhook={webhook} />
      </td>
      <td className="px-3 py-3">
        <EndpointHealth webhookId={webhook.id} layout="row" />
      </td>
      <td className="whitespace-nowrap py-3 pr-6 pl-3 text-sm text-zinc-600 dark:text-zinc-400">
        <RelativeTime iso={webhook.created_at} />
      </td>
    </tr>
  );
}

function EndpointList({ onCreate, denial }: { onCreate: () => void; denial: string | null }) {
  const { data: webhooks } = useSuspenseQuery(webhooksQuery());
  if (webhooks.length === 0) return <EmptyState onCreate={onCreate} denial={denial} />;
  return (
    <ListTable
      caption="Webhook endpoints"
      minWidth="min-w-[60rem]"
      columns={[
        { key: "endpoint", label: "Endpoint" },
        { key: "events", label: "Events", className: "w-[22%]" },
        { key: "status", label: "Status", className: "w-40" },
        { key: "recent", label: "Last 24 hours", className: "w-64" },
        { key: "created", label: "Created", className: "w-36" },
      ]}
    >
      {webhooks.map((webhook) => (
        <EndpointRow key={webhook.id} webhook={webhook} />
      ))}
    </ListTable>
  );
}

function WebhooksPage() {
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const readDenial = access.denial("webhooks:read");
  const writeDenial = access.denial("webhooks:write", "webhooks.manage");
  return (
    <div className="pb-10">
      <PageHeader
        title="Webhooks"
        actions={
          !readDenial && (
            <GuardedButton denial={writeDenial} onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> New endpoint
            </GuardedButton>
          )
        }
      />
      {readDenial ? (
        <AccessNotice title="Webhooks are not available to this dashboard" reason={readDenial} />
      ) : (
        <EndpointList onCreate={() => setCreating(true)} denial={writeDenial} />
      )}
      <NewWebhookDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
