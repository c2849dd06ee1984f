import type { Transfer } from "../../../contract/transfers.ts";
import { useEndTransfer } from "../../api/transfers.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";

/** Asks before ending a live transfer early: its recipients lose it at once. */
export function EndTransferDialog({
  transfer,
  open,
  onOpenChange,
}: {
  transfer: Pick<Transfer, "id" | "name">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const end = useEndTransfer();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`End “${transfer.name}” now?`}
      confirmLabel="End transfer"
      danger
      onConfirm={async () => {
        await end.mutateAsync({ params: { transferId: transfer.id } });
        toast.success(`“${transfer.name}” ended`);
        onOpenChange(false);
      }}
    >
      <p>Recipients can no longer open or download it. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
