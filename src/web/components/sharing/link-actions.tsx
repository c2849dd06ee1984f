import { Lock, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { SharedLink } from "../../../contract/sharing.ts";
import { useRevokeSharedLink } from "../../api/shared-links.ts";
import { toast } from "../../lib/toast.ts";
import { Badge } from "../ui/badge.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { RelativeTime } from "../ui/relative-time.tsx";
import { CopyButton } from "./copy-button.tsx";
import { ShareDialog } from "./lazy-dialogs.ts";
import { ACCESS_LABELS } from "./link-settings.tsx";

/** Who may do what with a link ("Can view"), and a lock when it takes a password. */
export function LinkAccess({ link }: { link: SharedLink }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {ACCESS_LABELS[link.access]}
      {link.password_protected && (
        <Lock className="size-3.5 text-zinc-600" aria-label="Password protected" role="img" />
      )}
    </span>
  );
}

/**
 * When a link stops working. In a table's Expires column ("cell"): "Expired", "Never", or in how long; in a line
 * of its own ("sentence"): "Expired", "No expiry", "Expires in 3 days".
 */
export function LinkExpiry({ link, wording = "cell" }: { link: SharedLink; wording?: "cell" | "sentence" }) {
  const sentence = wording === "sentence";
  if (link.expired) return sentence ? "Expired" : <Badge tone="red">Expired</Badge>;
  if (!link.expires_at)
    return sentence ? "No expiry" : <span className="text-zinc-600 dark:text-zinc-400">Never</span>;
  return (
    <>
      {sentence && "Expires "}
      <RelativeTime iso={link.expires_at} />
    </>
  );
}

/** Copy, edit and revoke one shared link (edit and revoke held with `denial`), with their dialogs. */
export function LinkActions({ link, denial }: { link: SharedLink; denial: string | null }) {
  const [dialog, setDialog] = useState<"edit" | "revoke" | null>(null);
  const revoke = useRevokeSharedLink();
  const subject = `the link to ${link.target_name ?? "this item"}`;
  return (
    <div className="flex justify-end gap-1.5">
      <CopyButton text={link.url} label="Copy" name={`Copy ${subject}`} />
      <GuardedButton
        variant="ghost"
        size="icon"
        denial={denial}
        aria-label={`Edit ${subject}`}
        onClick={() => setDialog("edit")}
      >
        <Pencil className="size-4" aria-hidden="true" />
      </GuardedButton>
      <GuardedButton
        variant="ghost"
        size="icon"
        denial={denial}
        aria-label={`Revoke ${subject}`}
        onClick={() => setDialog("revoke")}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </GuardedButton>
      <ShareDialog
        open={dialog === "edit"}
        onOpenChange={(open) => setDialog(open ? "edit" : null)}
        link={link}
      />
      <ConfirmDialog
        open={dialog === "revoke"}
        onOpenChange={(open) => setDialog(open ? "revoke" : null)}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        danger
        onConfirm={async () => {
          await revoke.mutateAsync({ params: { linkId: link.id } });
          toast.success("Link revoked");
          setDialog(null);
        }}
      >
        <p>Anyone who opens it will be told it no longer exists. A revoked link cannot be restored.</p>
      </ConfirmDialog>
    </div>
  );
}
