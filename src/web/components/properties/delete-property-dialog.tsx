import type { Property } from "../../../contract/properties.ts";
import { useDeleteProperty } from "../../api/properties.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { clearedText } from "./property-kinds.ts";

export function DeletePropertyDialog({
  property,
  open,
  onOpenChange,
}: {
  property: Property;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteProperty();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${property.name}?`}
      confirmLabel="Delete property"
      danger
      onConfirm={async () => {
        await remove.mutateAsync({ params: { propertyId: property.id } });
        toast.success(`Property “${property.name}” deleted`);
        onOpenChange(false);
      }}
    >
      <p>{clearedText(property.value_count)}</p>
      <p>The property and its options are gone for good; this cannot be undone.</p>
    </ConfirmDialog>
  );
}
