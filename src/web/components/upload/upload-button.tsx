import { Upload as UploadIcon } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { useAccess } from "../../api/access.ts";
import { GuardedButton } from "../ui/guarded-button.tsx";
import type { UploadTarget } from "./upload-item.ts";
import { queueUploads } from "./upload-queue.ts";

export interface UploadButtonProps {
  libraryId: string;
  folderId: string | null;
}

/** Picks files with the system dialog (several at once) and queues them for the folder or library. */
export function UploadButton({ libraryId, folderId }: UploadButtonProps) {
  return (
    <FilePickerButton
      target={{ libraryId, folderId }}
      multiple
      label="Upload"
      inputLabel="Choose files to upload"
    />
  );
}

/** A button that opens a file picker and queues what was picked; also used for new versions. */
export function FilePickerButton({
  target,
  multiple,
  label,
  inputLabel,
  variant = "primary",
}: {
  target: UploadTarget;
  multiple: boolean;
  label: string;
  inputLabel: string;
  variant?: "primary" | "secondary";
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const denial = useAccess().denial("files:write", "files.upload");
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    if (files.length > 0) queueUploads(files, target);
    // Picking the same file again must fire a change too.
    event.target.value = "";
  };
  return (
    <>
      <GuardedButton denial={denial} variant={variant} onClick={() => input.current?.click()}>
        <UploadIcon className="size-4" aria-hidden="true" /> {label}
      </GuardedButton>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple={multiple}
        aria-label={inputLabel}
        className="sr-only"
        tabIndex={-1}
        disabled={denial !== null}
        onChange={picked}
      />
    </>
  );
}
