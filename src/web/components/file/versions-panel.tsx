import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Download, Trash2 } from "lucide-react";
import { useState } from "react";
import type { File, Version } from "../../../contract/files.ts";
import { useAccess } from "../../api/access.ts";
import { errorMessage } from "../../api/error-message.ts";
import { useActivateVersion, useDeleteVersion, versionsQuery } from "../../api/versions.ts";
import { formatBytes, formatDateTime } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { GuardedButton } from "../ui/guarded-button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { FilePickerButton, UNFINISHED, useUploadRuntime, useUploads } from "../upload/index.ts";
import { StatusBadge, useMemberName } from "./file-details.tsx";
import { download } from "./renditions-list.tsx";

function DeleteVersionDialog({
  file,
  version,
  onClose,
}: {
  file: File;
  version: Version | null;
  onClose: () => void;
}) {
  const remove = useDeleteVersion();
  return (
    <ConfirmDialog
      open={version !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete version ${version?.version_number ?? ""}?`}
      confirmLabel="Delete version"
      danger
      // The service refuses to delete the active (or only) version: its message shows in the dialog.
      onConfirm={async () => {
        if (!version) return;
        await remove.mutateAsync({ params: { fileId: file.id, versionId: version.id } });
        toast.success(`Version ${version.version_number} deleted`);
        onClose();
      }}
    >
      <p>Its content is deleted for good. Version numbers are never reused.</p>
    </ConfirmDialog>
  );
}

function VersionRow({ file, version, onDelete }: { file: File; version: Version; onDelete: () => void }) {
  const access = useAccess();
  const activate = useActivateVersion();
  const by = useMemberName(version.created_by_id);
  const n = version.version_number;
  const writeDenial = access.denial("files:write", "files.edit");
  return (
    <li className="px-4 py-3">
      <div className="flex items-center gap-2">
        <h3 className="font-medium text-sm">Version {n}</h3>
        {version.is_active && (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2 py-0.5 font-medium text-accent-700 text-xs dark:bg-accent-700/30 dark:text-accent-100">
            <CheckCircle2 className="size-3" aria-hidden="true" /> Active
          </span>
        )}
        {version.status !== "ready" && <StatusBadge status={version.status} />}
      </div>
      <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        {formatBytes(version.size)} · {version.extension.toUpperCase()} ·{" "}
        <time dateTime={version.created_at}>{formatDateTime(version.created_at)}</time> · {by}
      </p>
      <div className="mt-2 flex flex-wrap gap-1">
        {!version.is_active && (
          <GuardedButton
            denial={writeDenial}
            variant="secondary"
            size="sm"
            aria-label={`Activate version ${n}`}
            disabled={activate.isPending}
            onClick={() =>
              activate.mutate(
                { params: { fileId: file.id, versionId: version.id } },
                {
                  onSuccess: () => toast.success(`Version ${n} is now the active version`),
                  onError: (failure) => toast.error(errorMessage(failure)),
                },
              )
            }
          >
            {/* The visible words are part of the name (axe: label-content-name-mismatch). */}
            Activate
          </GuardedButton>
        )}
        <GuardedButton
          denial={access.denial("files:read", "files.download")}
          variant="ghost"
          size="sm"
          aria-label={`Download version ${n}`}
          onClick={() => void download(file, "original", version.id)}
        >
          <Download className="size-4" aria-hidden="true" /> Download
        </GuardedButton>
        <GuardedButton
          denial={access.denial("files:write", "files.delete")}
          variant="ghost"
          size="sm"
          aria-label={`Delete version ${n}`}
          className="text-red-700 dark:text-red-400"
          onClick={onDelete}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </GuardedButton>
      </div>
    </li>
  );
}

/** The file's versions, newest first: upload a new one, make an older one active, download or delete one. */
export function VersionsPanel({ file }: { file: File }) {
  const versions = useQuery(versionsQuery(file.id));
  const [deleting, setDeleting] = useState<Version | null>(null);
  const uploading = useUploads().filter(
    (item) => item.target.fileId === file.id && UNFINISHED.has(item.status),
  );
  const UploadRow = useUploadRuntime()?.UploadRow;
  return (
    <div>
      <div className="space-y-2 px-4 py-4">
        <FilePickerButton
          target={{ libraryId: file.library_id, folderId: file.folder_id, fileId: file.id }}
          multiple={false}
          variant="secondary"
          label="Upload new version"
          inputLabel="Choose a file for the new version"
        />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          The new version becomes the active one; older versions stay listed here.
        </p>
      </div>
      {UploadRow && uploading.length > 0 && (
        <ul aria-label="New versions uploading" className="border-zinc-200 border-t dark:border-zinc-800">
          {uploading.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
        </ul>
      )}
      {versions.isPending ? (
        <div className="space-y-3 px-4" role="status" aria-label="Loading versions">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : versions.isError ? (
        <p role="alert" className="px-4 text-red-700 text-sm dark:text-red-400">
          {errorMessage(versions.error)}
        </p>
      ) : (
        <ul
          aria-label="Versions"
          className="divide-y divide-zinc-200 border-zinc-200 border-t dark:divide-zinc-800 dark:border-zinc-800"
        >
          {versions.data.map((version) => (
            <VersionRow
              key={version.id}
              file={file}
              version={version}
              onDelete={() => setDeleting(version)}
            />
          ))}
        </ul>
      )}
      <DeleteVersionDialog file={file} version={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
