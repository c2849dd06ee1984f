import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { DELIVERY_STATUSES } from "../../../../contract/delivery-statuses.ts";
import { scopeSatisfied } from "../../../../contract/scopes.ts";
import { dashboardReceiverDenial } from "../../../../shared/dashboard-receiver.ts";
import { meQuery, useAccess } from "../../../api/access.ts";
import { webhookQuery } from "../../../api/webhooks.ts";
import { PageHeader } from "../../../components/shell/page-header.tsx";
import { AccessNotice } from "../../../components/ui/access-notice.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { DeliveriesTable } from "../../../components/webhooks/deliveries-table.tsx";
import { DeliveryDrawer } from "../../../components/webhooks/delivery-drawer.tsx";
import { EndpointHealth } from "../../../components/webhooks/endpoint-health.tsx";
import { ReplayDialog } from "../../../components/webhooks/replay-dialog.tsx";
import { ReplayList } from "../../../components/webhooks/replay-list.tsx";
import { WebhookActions } from "../../../components/webhooks/webhook-actions.tsx";
import { WebhookOverview } from "../../../components/webhooks/webhook-overview.tsx";

/** The deliveries' status filter and the open delivery live in the URL, so both survive a reload or a link. */
const WebhookSearch = z.object({
  status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
  delivery: z.string().max(100).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/webhooks/$webhookId")({
  validateSearch: WebhookSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "webhooks:read")) {
      await queryClient.ensureQueryData(webhookQuery(params.webhookId));
    }
  },
  pendingComponent: PageSkeleton,
  component: WebhookPage,
});

function WebhookDetail({ webhookId }: { webhookId: string }) {
  const { data: webhook } = useSuspenseQuery(webhookQuery(webhookId));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const denial = useAccess().denial("webhooks:write", "webhooks.manage");
  const manageDenial = denial ?? dashboardReceiverDenial(webhook);
  const [replaying, setReplaying] = useState(false);
  const openDelivery = (delivery: string | undefined) =>
    void navigate({ search: (previous) => ({ ...previous, delivery }) });
  const url = new URL(webhook.url);
  return (
    <div className="pb-10">
      <PageHeader
        crumbs={[{ label: "Webhooks", link: { to: "/webhooks" } }, { label: url.host }]}
        title={
          <>
            {url.host}
            <span className="font-normal text-zinc-500 dark:text-zinc-400">{url.pathname}</span>
          </>
        }
        actions={
          <WebhookActions
            webhook={webhook}
            denial={denial}
            manageDenial={manageDenial}
            onReplay={() => setReplaying(true)}
            onTestSent={openDelivery}
          />
        }
      />
      <WebhookOverview webhook={webhook} denial={manageDenial} />
      <div className="mx-6 mt-6">
        <EndpointHealth webhookId={webhookId} layout="panel" />
      </div>
      <ReplayList webhookId={webhookId} />
      <DeliveriesTable
        webhookId={webhookId}
        denial={denial}
        status={search.status}
        onStatusChange={(status) => void navigate({ search: (previous) => ({ ...previous, status }) })}
      />
      <DeliveryDrawer
        webhookId={webhookId}
        deliveryId={search.delivery}
        denial={denial}
        onOpen={openDelivery}
      />
      <ReplayDialog webhook={webhook} open={replaying} onOpenChange={setReplaying} />
    </div>
  );
}

function WebhookPage() {
  const { webhookId } = Route.useParams();
  const readDenial = useAccess().denial("webhooks:read");
  if (readDenial) {
    return (
      <div>
        <PageHeader title="Webhook endpoint" crumbs={[{ label: "Webhooks", link: { to: "/webhooks" } }]} />
        <AccessNotice title="Webhooks are not available to this dashboard" reason={readDenial} />
      </div>
    );
  }
  return <WebhookDetail webhookId={webhookId} />;
}
