import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { CircleStop, Download, Package, Settings2 } from "lucide-react";
import { useState } from "react";
import { scopeSatisfied } from "../../../../contract/scopes.ts";
import type { Transfer } from "../../../../contract/transfers.ts";
import { meQuery, useAccess } from "../../../api/access.ts";
import { viaBff } from "../../../api/client.ts";
import { errorMessage } from "../../../api/error-message.ts";
import { transferQuery, useAddTransferItems, useCompleteTransfer } from "../../../api/transfers.ts";
import { CopyButton } from "../../../components/sharing/copy-button.tsx";
import { LibraryPicker } from "../../../components/sharing/library-picker.tsx";
import { PageHeader } from "../../../components/shell/page-header.tsx";
import { EndTransferDialog } from "../../../components/transfers/end-transfer-dialog.tsx";
import { TransferContents } from "../../../components/transfers/transfer-contents.tsx";
import { TransferSettingsDialog } from "../../../components/transfers/transfer-settings-dialog.tsx";
import { TransferStatusBadge } from "../../../components/transfers/transfer-status.tsx";
import { AccessNotice } from "../../../components/ui/access-notice.tsx";
import { buttonClassName } from "../../../components/ui/button.tsx";
import { DetailList, DetailRow } from "../../../components/ui/detail-list.tsx";
import { GuardedButton } from "../../../components/ui/guarded-button.tsx";
import { RelativeTime } from "../../../components/ui/relative-time.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { formatCount, formatDateTime } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";

export const Route = createFileRoute("/_app/transfers/$transferId")({
  loader: async ({ context: { queryClient }, params }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "transfers:read")) {
      await queryClient.ensureQueryData(transferQuery(params.transferId));
    }
  },
  pendingComponent: PageSkeleton,
  component: TransferPage,
});

const CRUMBS = [{ label: "Transfers", link: { to: "/transfers" } }];

/** What the recipient's page says and shows, and how it has been used. */
function TransferOverview({ transfer }: { transfer: Transfer }) {
  const live = transfer.status !== "expired";
  const endsAt = live ? transfer.expires_at : (transfer.expired_at ?? transfer.expires_at);
  return (
    <section aria-labelledby="transfer-overview-heading" className="mx-6">
      <h2 id="transfer-overview-heading" className="sr-only">
        Transfer details
      </h2>
      <DetailList>
        <DetailRow label="Status">
          <TransferStatusBadge transfer={transfer} />
        </DetailRow>
        {live && (
          <DetailRow label="Recipient link">
            <div className="flex flex-wrap items-center gap-2">
              <span className="break-all font-mono text-[13px]">{transfer.url}</span>
              <CopyButton text={transfer.url} label="Copy link" />
            </div>
          </DetailRow>
        )}
        <DetailRow label="Message">
          {transfer.message ? (
            <p className="whitespace-pre-wrap">{transfer.message}</p>
          ) : (
            <span className="text-zinc-600 dark:text-zinc-400">None</span>
          )}
        </DetailRow>
        <DetailRow label="Password">{transfer.password_protected ? "Required to open it" : "None"}</DetailRow>
        <DetailRow label={live ? "Available until" : "Ended"}>
          {formatDateTime(endsAt)} (<RelativeTime iso={endsAt} />)
        </DetailRow>
        <DetailRow label="Views / downloads">
          <span className="tabular-nums">
            {formatCount(transfer.view_count)} / {formatCount(transfer.download_count)}
          </span>
        </DetailRow>
        <DetailRow label="Created">
          <RelativeTime iso={transfer.created_at} />
          {transfer.ready_at && (
            <span className="text-zinc-600 dark:text-zinc-400">
              {" "}
              · ready <RelativeTime iso={transfer.ready_at} />
            </span>
          )}
        </DetailRow>
        <DetailRow label="ID">
          <code className="font-mono text-[13px]">{transfer.id}</code>
        </DetailRow>
      </DetailList>
    </section>
  );
}

/**
 * A transfer still awaiting files (created through the API, or a dashboard upload that failed): files from the
 * library can be added, and then its zip prepared, which sends it.
 */
function AwaitingFiles({ transfer, denial }: { transfer: Transfer; denial: string | null }) {
  const add = useAddTransferItems();
  const complete = useCompleteTransfer();
  return (
    <section
      aria-labelledby="transfer-awaiting-heading"
      className="mx-6 mt-6 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h2 id="transfer-awaiting-heading" className="font-semibold">
        Waiting for files
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Add files, then prepare the zip: the recipient link works once it is ready, and the contents are fixed
        from then on.
      </p>
      {!denial && (
        <div className="mt-3 max-w-md">
          <LibraryPicker
            onPick={(item) =>
              add.mutate(
                {
                  params: { transferId: transfer.id },
                  body: item.type === "file" ? { file_ids: [item.id] } : { folder_ids: [item.id] },
                },
                {
                  onSuccess: () => toast.success(`“${item.name}” added`),
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
          />
        </div>
      )}
      <GuardedButton
        className="mt-4"
        denial={denial ?? (transfer.file_count === 0 ? "Add at least one file first." : null)}
        disabled={complete.isPending}
        onClick={() =>
          complete.mutate(
            { params: { transferId: transfer.id } },
            {
              onSuccess: () => toast.success(`“${transfer.name}” is being prepared`),
              onError: (error) => toast.error(errorMessage(error)),
            },
          )
        }
      >
        <Package className="size-4" aria-hidden="true" /> Prepare the zip
      </GuardedButton>
    </section>
  );
}

function TransferDetail({ transferId }: { transferId: string }) {
  const { data: transfer } = useSuspenseQuery(transferQuery(transferId));
  const denial = useAccess().denial("transfers:write");
  const [editing, setEditing] = useState(false);
  const [ending, setEnding] = useState(false);
  const live = transfer.status !== "expired";
  const zip = transfer.status === "ready" ? viaBff(transfer.zip_url) : undefined;
  return (
    <div className="pb-10">
      <PageHeader
        crumbs={[...CRUMBS, { label: transfer.name }]}
        title={transfer.name}
        actions={
          <>
            {zip && (
              <a
                href={zip}
                title="Counts as a download"
                className={buttonClassName({ variant: "secondary" })}
              >
                <Download className="size-4" aria-hidden="true" /> Download zip
              </a>
            )}
            {live && (
              <GuardedButton variant="secondary" denial={denial} onClick={() => setEditing(true)}>
                <Settings2 className="size-4" aria-hidden="true" /> Settings
              </GuardedButton>
            )}
            {live && (
              <GuardedButton variant="secondary" denial={denial} onClick={() => setEnding(true)}>
                <CircleStop className="size-4" aria-hidden="true" /> End transfer
              </GuardedButton>
            )}
          </>
        }
      />
      <TransferOverview transfer={transfer} />
      {transfer.status === "awaiting_uploads" && <AwaitingFiles transfer={transfer} denial={denial} />}
      <TransferContents transfer={transfer} />
      {/* Mounted while open, so that each opening starts from the transfer as it is then. */}
      {editing && <TransferSettingsDialog transfer={transfer} open onOpenChange={setEditing} />}
      <EndTransferDialog transfer={transfer} open={ending} onOpenChange={setEnding} />
    </div>
  );
}

function TransferPage() {
  const { transferId } = Route.useParams();
  const readDenial = useAccess().denial("transfers:read");
  if (readDenial) {
    return (
      <div>
        <PageHeader title="Transfer" crumbs={CRUMBS} />
        <AccessNotice title="Transfers are not available to this dashboard" reason={readDenial} />
      </div>
    );
  }
  return <TransferDetail transferId={transferId} />;
}
