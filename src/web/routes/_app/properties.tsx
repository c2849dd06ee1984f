import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Plus, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import type { Property } from "../../../contract/properties.ts";
import { scopeSatisfied } from "../../../contract/scopes.ts";
import { meQuery, useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { propertiesQuery, useUpdateProperty } from "../../api/properties.ts";
import { DeletePropertyDialog } from "../../components/properties/delete-property-dialog.tsx";
import { PropertyDialog } from "../../components/properties/property-dialog.tsx";
import { PropertyList } from "../../components/properties/property-list.tsx";
import type { RowAction } from "../../components/properties/property-row.tsx";
import { PageHeader } from "../../components/shell/page-header.tsx";
import { AccessNotice } from "../../components/ui/access-notice.tsx";
import { GuardedButton } from "../../components/ui/guarded-button.tsx";
import { PageSkeleton } from "../../components/ui/skeleton.tsx";
import { toast } from "../../lib/toast.ts";

export const Route = createFileRoute("/_app/properties")({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQuery());
    if (scopeSatisfied(me.key.scopes, "properties:read"))
      await queryClient.ensureQueryData(propertiesQuery());
  },
  pendingComponent: PageSkeleton,
  component: PropertiesPage,
});

function EmptyState({ onCreate, denial }: { onCreate: () => void; denial: string | null }) {
  return (
    <div className="mx-6 flex flex-col items-center rounded-lg border border-zinc-300 border-dashed px-6 py-12 text-center dark:border-zinc-700">
      <SlidersHorizontal className="size-8 text-accent-600 dark:text-accent-500" aria-hidden="true" />
      <h2 className="mt-3 font-medium">No properties yet</h2>
      <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        Properties describe every file of the brandspace the same way: a status, an owner, a due date, tags.
        Each file page shows them, ready to fill in.
      </p>
      <GuardedButton className="mt-5" denial={denial} onClick={onCreate}>
        <Plus className="size-4" aria-hidden="true" /> New property
      </GuardedButton>
    </div>
  );
}

type Dialog = { kind: "new" } | { kind: "edit" | "delete"; property: Property } | null;

function Properties({ denial, onCreate }: { denial: string | null; onCreate: () => void }) {
  const { data: properties } = useSuspenseQuery(propertiesQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const update = useUpdateProperty();
  const act = (action: RowAction, property: Property) => {
    if (action === "edit" || action === "delete") return setDialog({ kind: action, property });
    if (action === "toggle-hidden") {
      const hidden = !property.hidden;
      update.mutate(
        { params: { propertyId: property.id }, body: { hidden } },
        {
          onSuccess: () => toast.success(`${property.name} ${hidden ? "hidden" : "shown again"}`),
          onError: (failure) => toast.error(errorMessage(failure)),
        },
      );
    }
  };
  const close = (open: boolean) => !open && setDialog(null);
  if (properties.length === 0) return <EmptyState onCreate={onCreate} denial={denial} />;
  return (
    <>
      <p className="mx-6 mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        The file page shows them in this order. Drag a row, or use its arrows (Alt+↑ and Alt+↓ in a row), to
        reorder; a hidden property keeps its values but takes no new ones.
      </p>
      <PropertyList properties={properties} denial={denial} onAction={act} />
      <PropertyDialog
        propertyId={dialog?.kind === "edit" ? dialog.property.id : null}
        open={dialog?.kind === "edit"}
        onOpenChange={close}
      />
      {dialog?.kind === "delete" && (
        <DeletePropertyDialog property={dialog.property} open onOpenChange={close} />
      )}
    </>
  );
}

function PropertiesPage() {
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const readDenial = access.denial("properties:read");
  const writeDenial = access.denial("properties:write", "properties.manage");
  return (
    <div className="pb-10">
      <PageHeader
        title="Properties"
        actions={
          !readDenial && (
            <GuardedButton denial={writeDenial} onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> New property
            </GuardedButton>
          )
        }
      />
      {readDenial ? (
        <AccessNotice title="Properties are not available to this dashboard" reason={readDenial} />
      ) : (
        <Properties denial={writeDenial} onCreate={() => setCreating(true)} />
      )}
      <PropertyDialog propertyId={null} open={creating} onOpenChange={setCreating} />
    </div>
  );
}
