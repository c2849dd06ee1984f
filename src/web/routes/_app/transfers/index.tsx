import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CircleStop, Lock, Plus, Send } from "lucide-react";
import { useState } from "react";
import { scopeSatisfied } from "../../../../contract/scopes.ts";
import type { Transfer } from "../../../../contract/transfers.ts";
import { meQuery, useAccess } from "../../../api/access.ts";
import { transfersQuery } from "../../../api/transfers.ts";
import { CopyButton } from "../../../components/sharing/copy-button.tsx";
import { NewTransferDialog } from "../../../components/sharing/lazy-dialogs.ts";
import { PageHeader } from "../../../components/shell/page-header.tsx";
import { EndTransferDialog } from "../../../components/transfers/end-transfer-dialog.tsx";
import { TransferStatusBadge } from "../../../components/transfers/transfer-status.tsx";
import { AccessNotice } from "../../../components/ui/access-notice.tsx";
import { GuardedButton } from "../../../components/ui/guarded-button.tsx";
import { ListTable } from "../../../components/ui/list-table.tsx";
import { RelativeTime } from "../../../components/ui/relative-time.tsx";
import { PageSkeleton } from "../../../components/ui/skeleton.tsx";
import { formatBytes, formatCount, plural } from "../../../lib/format.ts";

export const Route = createFileRoute("/_app/transfers/")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "transfers:read")) await queryClient.ensureQueryData(transfersQuery());
  },
  pendingComponent: PageSkeleton,
  component: TransfersPage,
});

function TransferRow({ transfer, denial }: { transfer: Transfer; denial: string | null }) {
  const [ending, setEnding] = useState(false);
  const live = transfer.status !== "expired";
  return (
    <tr data-transfer-id={transfer.id}>
      <td className="max-w-0 py-3 pr-3 pl-6">
        <p className="flex items-center gap-1.5 truncate font-medium">
          <Link
            to="/transfers/$transferId"
            params={{ transferId: transfer.id }}
            className="truncate hover:underline focus-visible:underline"
          >
            {transfer.name}
          </Link>
          {transfer.password_protected && (
            <Lock className="size-3.5 shrink-0 text-zinc-600" aria-label="Password protected" role="img" />
          )}
        </p>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
          {plural(transfer.file_count, "file")} · {formatBytes(transfer.size)}
          {transfer.message ? ` · ${transfer.message}` : ""}
        </p>
      </td>
      <td className="px-3 py-3">
        <TransferStatusBadge transfer={transfer} />
      </td>
      <td className="px-3 py-3">{live ? <RelativeTime iso={transfer.expires_at} /> : "—"}</td>
      <td className="px-3 py-3 tabular-nums">
        {formatCount(transfer.view_count)} / {formatCount(transfer.download_count)}
      </td>
      <td className="py-3 pr-6 pl-3">
        <div className="flex justify-end gap-1.5">
          {live && (
            <CopyButton
              text={transfer.url}
              label="Copy"
              name={`Copy the link to the transfer ${transfer.name}`}
            />
          )}
          {live && (
            <GuardedButton
              variant="ghost"
              size="icon"
              denial={denial}
              aria-label={`End the transfer ${transfer.name}`}
              onClick={() => setEnding(true)}
            >
              <CircleStop className="size-4" aria-hidden="true" />
            </GuardedButton>
          )}
        </div>
        <EndTransferDialog transfer={transfer} open={ending} onOpenChange={setEnding} />
      </td>
    </tr>
  );
}

function TransferTable({ denial, onCreate }: { denial: string | null; onCreate: () => void }) {
  const { data: transfers } = useSuspenseQuery(transfersQuery());
  if (transfers.length === 0) {
    return (
      <div className="mx-6 flex flex-col items-center rounded-lg border border-zinc-300 border-dashed px-6 py-12 text-center dark:border-zinc-700">
        <Send className="size-8 text-accent-600 dark:text-accent-500" aria-hidden="true" />
        <h2 className="mt-3 font-medium">No transfers yet</h2>
        <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
          Send files and folders to anyone as one zip download: from the library or your computer, with a
          message, a password, and an expiry of up to 30 days.
        </p>
        <GuardedButton className="mt-5" denial={denial} onClick={onCreate}>
          <Plus className="size-4" aria-hidden="true" /> New transfer
        </GuardedButton>
      </div>
    );
  }
  return (
    <ListTable
      caption="Transfers"
      minWidth="min-w-[50rem]"
      columns={[
        { key: "transfer", label: "Transfer" },
        { key: "status", label: "Status", className: "w-44" },
        { key: "expires", label: "Expires", className: "w-32" },
        { key: "counts", label: "Views / downloads", className: "w-36" },
        { key: "actions", label: "Actions", hidden: true, className: "w-40" },
      ]}
    >
      {transfers.map((transfer) => (
        <TransferRow key={transfer.id} transfer={transfer} denial={denial} />
      ))}
    </ListTable>
  );
}

function TransfersPage() {
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const readDenial = access.denial("transfers:read");
  const writeDenial = access.denial("transfers:write", "transfers.create");
  return (
    <div className="pb-10">
      <PageHeader
        title="Transfers"
        actions={
          !readDenial && (
            <GuardedButton denial={writeDenial} onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> New transfer
            </GuardedButton>
          )
        }
      />
      {readDenial ? (
        <AccessNotice title="Transfers are not available to this dashboard" reason={readDenial} />
      ) : (
        <TransferTable denial={access.denial("transfers:write")} onCreate={() => setCreating(true)} />
      )}
      {creating && <NewTransferDialog open onOpenChange={setCreating} />}
    </div>
  );
}
