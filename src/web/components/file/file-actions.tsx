import { useNavigate } from "@tanstack/react-router";
import { ArchiveRestore, Download, Trash2 } from "lucide-react";
import { useState } from "react";
import type { File } from "../../../contract/files.ts";
import { deleteFile, restoreFile } from "../../../contract/operations/files.ts";
import { useAccess } from "../../api/access.ts";
import { call } from "../../api/client.ts";
import { errorMessage } from "../../api/error-message.ts";
import { FILE_CHANGES } from "../../api/files.ts";
import { useApiMutation } from "../../api/query.ts";
import { toast } from "../../lib/toast.ts";
import { ShareButton } from "../sharing/share-button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { placeOf } from "./file-place.ts";
import { download } from "./renditions-list.tsx";

function useRestore(file: File) {
  const restore = useApiMutation(restoreFile, { invalidates: FILE_CHANGES });
  return () =>
    restore.mutateAsync({ params: { fileId: file.id } }).then(
      (restored) => toast.success(`“${restored.name}” restored`),
      (failure) => toast.error(errorMessage(failure)),
    );
}

function DeleteForeverDialog({
  file,
  open,
  onOpenChange,
}: {
  file: File;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useApiMutation(deleteFile, { invalidates: FILE_CHANGES });
  const navigate = useNavigate();
  const versions = file.version.count === 1 ? "its only version" : `all ${file.version.count} versions`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete “${file.name}” permanently?`}
      confirmLabel="Delete permanently"
      danger
      onConfirm={async () => {
        await remove.mutateAsync({ params: { fileId: file.id }, query: { permanent: "true" } });
        toast.success(`“${file.name}” deleted permanently`);
        void navigate({ to: "/trash" });
      }}
    >
      <p>The file and {versions} are deleted for good. This cannot be undone.</p>
    </ConfirmDialog>
  );
}

/** The page's main actions: download, and trash (or, for a trashed file, restore and delete for good). */
export function FileActions({ file }: { file: File }) {
  const access = useAccess();
  const navigate = useNavigate();
  const trash = useApiMutation(deleteFile, { invalidates: FILE_CHANGES });
  const restore = useRestore(file);
  const [deleting, setDeleting] = useState(false);
  const deleteDenial = access.denial("files:write", "files.delete");

  const moveToTrash = () =>
    trash.mutate(
      { params: { fileId: file.id } },
      {
        onSuccess: () => {
          toast.success(`“${file.name}” moved to the trash`, {
            action: {
              label: "Undo",
              onClick: () => {
                void call(restoreFile, { params: { fileId: file.id }, idempotencyKey: crypto.randomUUID() })
                  .then(() => toast.success(`“${file.name}” restored`))
                  .catch((failure) => toast.error(errorMessage(failure)));
              },
            },
          });
          void navigate(placeOf(file));
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );

  return (
    <>
      <GuardedButton
        denial={access.denial("files:read", "files.download")}
        onClick={() => void download(file, "original")}
      >
        <Download className="size-4" aria-hidden="true" /> Download
      </GuardedButton>
      {!file.trashed_at && <ShareButton target={{ type: "file", id: file.id, name: file.name }} />}
      {file.trashed_at ? (
        <>
          <GuardedButton denial={deleteDenial} variant="secondary" onClick={() => void restore()}>
            <ArchiveRestore className="size-4" aria-hidden="true" /> Restore
          </GuardedButton>
          <GuardedButton denial={deleteDenial} variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete permanently
          </GuardedButton>
        </>
      ) : (
        <GuardedButton
          denial={deleteDenial}
          variant="secondary"
          disabled={trash.isPending}
          onClick={moveToTrash}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Move to trash
        </GuardedButton>
      )}
      <DeleteForeverDialog file={file} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
