import { Upload as UploadIcon } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { useAccess } from "../../api/access.ts";
import { GuardedButton } from "../ui/guarded-button.tsx";
import type { UploadTarget } from "./upload-item.ts";
import { queuePickedFolder, queueUploads } from "./upload-queue.ts";

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

/**
 * "Upload folder…": a folder picker (`webkitdirectory`) whose folder is made in the target, its subfolders
 * inside it, and its files uploaded into them. Render `input` once; call `open` from a menu item. Making folders
 * takes `libraries:write`, uploading `files:write` and the role's upload permission.
 */
export function useFolderPicker(target: UploadTarget) {
  const input = useRef<HTMLInputElement>(null);
  const access = useAccess();
  const denial = access.denial("files:write", "files.upload") ?? access.denial("libraries:write");
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    if (files.length > 0) queuePickedFolder(files, target);
    event.target.value = "";
  };
  return {
    denial,
    open: () => input.current?.click(),
    input: (
      <input
        ref={(element) => {
          input.current = element;
          // Not a React prop: set on the element, as the browsers name it.
          if (element) element.webkitdirectory = true;
        }}
        type="file"
        aria-label="Choose a folder to upload"
        className="sr-only"
        tabIndex={-1}
        disabled={denial !== null}
        onChange={picked}
      />
    ),
  };
}
