import { Share } from "lucide-react";
import { useState } from "react";
import { useAccess } from "../../api/access.ts";
import type { ButtonProps } from "../ui/button.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { ShareDialog } from "./lazy-dialogs.ts";
import type { ShareTarget } from "./share-dialog.tsx";

/** "Share": a shared link for this file, folder, board or library (the dialog loads when first opened). */
export function ShareButton({
  target,
  variant = "secondary",
  size,
}: { target: ShareTarget } & Pick<ButtonProps, "variant" | "size">) {
  const [open, setOpen] = useState(false);
  const denial = useAccess().denial("shared_links:write", "shared_links.create");
  return (
    <>
      <GuardedButton variant={variant} size={size} denial={denial} onClick={() => setOpen(true)}>
        <Share className="size-4" aria-hidden="true" /> Share
      </GuardedButton>
      {open && <ShareDialog open onOpenChange={setOpen} target={target} />}
    </>
  );
}
