import { Link } from "@tanstack/react-router";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { TagInUse } from "../../../contract/files.ts";
import { useRemoveTag } from "../../api/tags.ts";
import { formatCount, plural } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { RenameTagDialog } from "./rename-tag-dialog.tsx";
import type { TagScope } from "./tag-scope.ts";

/** One tag in use: its files (All files filtered by it), and Rename and Remove held with `denial`. */
export function TagRow({
  tag,
  library,
  denial,
}: {
  tag: TagInUse;
  library: TagScope;
  denial: string | null;
}) {
  const [dialog, setDialog] = useState<"rename" | "remove" | null>(null);
  const remove = useRemoveTag();
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <tr>
      <td className="max-w-0 py-3 pr-3 pl-6">
        <Link
          to="/files"
          search={{ tag: [tag.name] }}
          className="block truncate font-medium hover:underline"
          title={`All files tagged “${tag.name}”`}
        >
          {tag.name}
        </Link>
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{formatCount(tag.file_count)}</td>
      <td className="py-3 pr-6 pl-3">
        <div className="flex justify-end gap-1.5">
          <GuardedButton
            variant="ghost"
            size="icon"
            denial={denial}
            aria-label={`Rename tag ${tag.name}`}
            onClick={() => setDialog("rename")}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </GuardedButton>
          <GuardedButton
            variant="ghost"
            size="icon"
            denial={denial}
            aria-label={`Remove tag ${tag.name}`}
            onClick={() => setDialog("remove")}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </GuardedButton>
        </div>
        {dialog === "rename" && <RenameTagDialog tag={tag} library={library} open onOpenChange={close} />}
        <ConfirmDialog
          open={dialog === "remove"}
          onOpenChange={close}
          title={`Remove “${tag.name}”?`}
          confirmLabel="Remove tag"
          danger
          onConfirm={async () => {
            const result = await remove.mutateAsync({
              body: { tag: tag.name, ...(library ? { library_id: library.id } : {}) },
            });
            setDialog(null);
            toast.success(`“${tag.name}” removed from ${plural(result.file_count, "file")}`);
          }}
        >
          <p>
            The tag comes off the {plural(tag.file_count, "file")}
            {library ? ` of ${library.name}` : ""} that carry it, where you can edit them; the files stay
            where they are. Trashed files keep it.
          </p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
