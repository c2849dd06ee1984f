import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Link2, Plus } from "lucide-react";
import { useState } from "react";
import { scopeSatisfied } from "../../../contract/scopes.ts";
import type { SharedLink } from "../../../contract/sharing.ts";
import { meQuery, useAccess } from "../../api/access.ts";
import { boardsQuery } from "../../api/boards.ts";
import { librariesQuery } from "../../api/libraries.ts";
import { sharedLinksQuery } from "../../api/shared-links.ts";
import { ShareDialog } from "../../components/sharing/lazy-dialogs.ts";
import { LinkAccess, LinkActions, LinkExpiry } from "../../components/sharing/link-actions.tsx";
import { TARGET_LABELS } from "../../components/sharing/link-settings.tsx";
import type { ShareTarget } from "../../components/sharing/share-dialog.tsx";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { AccessNotice } from "../../components/ui/access-notice.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { GuardedButton } from "../../components/ui/guarded-button.tsx";
import { ListTable } from "../../components/ui/list-table.tsx";
import { PageSkeleton } from "../../components/ui/skeleton.tsx";
import { formatCount } from "../../lib/format.ts";

export const Route = createFileRoute("/_app/shared-links")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "shared_links:read"))
      await queryClient.ensureQueryData(sharedLinksQuery());
  },
  pendingComponent: PageSkeleton,
  component: SharedLinksPage,
});

function TargetCell({ link }: { link: SharedLink }) {
  const name = link.target_name ?? "(no longer available)";
  const { type, id } = link.target;
  const className = "font-medium hover:underline";
  const target =
    type === "folder" ? (
      <Link to="/folders/$folderId" params={{ folderId: id }} className={className}>
        {name}
      </Link>
    ) : type === "library" ? (
      <Link to="/libraries/$libraryId" params={{ libraryId: id }} className={className}>
        {name}
      </Link>
    ) : type === "board" ? (
      <Link to="/boards/$boardId" params={{ boardId: id }} className={className}>
        {name}
      </Link>
    ) : (
      <Link to="/files/$fileId" params={{ fileId: id }} className={className}>
        {name}
      </Link>
    );
  return (
    <div className="min-w-0">
      <p className="truncate">{target}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{TARGET_LABELS[type]}</p>
    </div>
  );
}

function LinkRow({ link, denial }: { link: SharedLink; denial: string | null }) {
  return (
    <tr>
      <td className="max-w-0 py-3 pr-3 pl-6">
        <TargetCell link={link} />
      </td>
      <td className="px-3 py-3">
        <LinkAccess link={link} />
      </td>
      <td className="px-3 py-3">
        <LinkExpiry link={link} />
      </td>
      <td className="px-3 py-3 tabular-nums">{formatCount(link.view_count)}</td>
      <td className="py-3 pr-6 pl-3">
        <LinkActions link={link} denial={denial} />
      </td>
    </tr>
  );
}

function LinkTable({ denial, onCreate }: { denial: string | null; onCreate: () => void }) {
  const { data: links } = useSuspenseQuery(sharedLinksQuery());
  if (links.length === 0) {
    return (
      <div className="mx-6 flex flex-col items-center rounded-lg border border-zinc-300 border-dashed px-6 py-12 text-center dark:border-zinc-700">
        <Link2 className="size-8 text-accent-600 dark:text-accent-500" aria-hidden="true" />
        <h2 className="mt-3 font-medium">No shared links yet</h2>
        <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
          Share a library, folder, board or file with people outside the team: they open it in a browser, with
          a password and an expiry if you like. Links to single files are listed on each file’s page.
        </p>
        <GuardedButton className="mt-5" denial={denial} onClick={onCreate}>
          <Plus className="size-4" aria-hidden="true" /> New link
        </GuardedButton>
      </div>
    );
  }
  return (
    <>
      <p className="-mt-2 mb-4 px-6 text-sm text-zinc-600 dark:text-zinc-400">
        Libraries, folders and boards shared with people outside the team. Links to single files are on each
        file’s page.
      </p>
      <ListTable
        caption="Shared links"
        minWidth="min-w-[54rem]"
        columns={[
          { key: "shared", label: "Shared" },
          { key: "access", label: "Access", className: "w-64" },
          { key: "expires", label: "Expires", className: "w-32" },
          { key: "views", label: "Views", className: "w-20" },
          { key: "actions", label: "Actions", hidden: true, className: "w-48" },
        ]}
      >
        {links.map((link) => (
          <LinkRow key={link.id} link={link} denial={denial} />
        ))}
      </ListTable>
    </>
  );
}

/** Pick a library or board to share (folders and files are shared from their own pages). */
function NewLinkDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (target: ShareTarget) => void;
}) {
  const libraries = useQuery({ ...librariesQuery(), enabled: open });
  const boards = useQuery({ ...boardsQuery(), enabled: open });
  const option = (target: ShareTarget) => (
    <li key={target.id}>
      <button
        type="button"
        className="w-full rounded-md px-3 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
        onClick={() => onPick(target)}
      >
        {target.name}
      </button>
    </li>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share a library or board"
      description="Folders and files are shared from their own pages."
    >
      <div className="grid max-h-80 grid-cols-2 gap-4 overflow-y-auto">
        <section>
          <h3 className="mb-1 font-medium text-xs text-zinc-600 uppercase">Libraries</h3>
          <ul>{libraries.data?.map((l) => option({ type: "library", id: l.id, name: l.name }))}</ul>
        </section>
        <section>
          <h3 className="mb-1 font-medium text-xs text-zinc-600 uppercase">Boards</h3>
          <ul>{boards.data?.map((b) => option({ type: "board", id: b.id, name: b.name }))}</ul>
        </section>
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

function SharedLinksPage() {
  const access = useAccess();
  const [picking, setPicking] = useState(false);
  const [target, setTarget] = useState<ShareTarget | null>(null);
  const readDenial = access.denial("shared_links:read");
  const writeDenial = access.denial("shared_links:write", "shared_links.create");
  return (
    <div className="pb-10">
      <PageHeader
        title="Shared links"
        actions={
          !readDenial && (
            <GuardedButton denial={writeDenial} onClick={() => setPicking(true)}>
              <Plus className="size-4" aria-hidden="true" /> New link
            </GuardedButton>
          )
        }
      />
      {readDenial ? (
        <AccessNotice title="Shared links are not available to this dashboard" reason={readDenial} />
      ) : (
        <LinkTable denial={access.denial("shared_links:write")} onCreate={() => setPicking(true)} />
      )}
      <NewLinkDialog
        open={picking}
        onOpenChange={setPicking}
        onPick={(picked) => {
          setPicking(false);
          setTarget(picked);
        }}
      />
      {target && (
        <ShareDialog key={target.id} open onOpenChange={(open) => !open && setTarget(null)} target={target} />
      )}
    </div>
  );
}
