import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { KIND_NAMES } from "../browser/file-thumb.tsx";
import { isFieldTarget } from "../file/keys.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { FileMedia } from "../visitor/file-media.tsx";
import type { ViewerFile } from "./viewer-files.ts";

export interface FileViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  files: ViewerFile[];
  index: number;
  onIndexChange: (index: number) => void;
}

/** Left and Right step through the files, unless a player's or a field's own keys are pressed. */
function useStepKeys(step: (by: number) => void) {
  const current = useRef(step);
  current.current = step;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const by = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
      if (!by || isFieldTarget(event)) return;
      event.preventDefault();
      current.current(by);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/**
 * A published page's files, one at a time over the page: the large preview of a block's file, and the block's
 * other files one step away. A page's references hold stills only (a video's preview is its poster frame), so a
 * video shows its still here; its shared link plays it.
 */
export function FileViewer({ open, onOpenChange, files, index, onIndexChange }: FileViewerProps) {
  const file = files[index]!;
  // Round the ends: a Next disabled at the last file would drop the keyboard's focus out of the viewer.
  const step = (by: number) => onIndexChange((index + by + files.length) % files.length);
  useStepKeys(step);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={file.name}
      description={KIND_NAMES[file.kind]}
      variant="viewer"
    >
      <div className="flex min-h-0 flex-1 items-center justify-center">
        <FileMedia name={file.name} still={file.still} className="max-h-full max-w-full rounded-sm" />
      </div>
      {files.length > 1 && (
        <div className="flex items-center justify-center gap-4 pt-3">
          <Button
            variant="overlay"
            size="icon"
            className="size-11"
            aria-label="Previous"
            onClick={() => step(-1)}
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </Button>
          <p role="status" className="min-w-16 text-center text-sm tabular-nums">
            <span className="sr-only">{file.name}, </span>
            {index + 1} of {files.length}
          </p>
          <Button variant="overlay" size="icon" className="size-11" aria-label="Next" onClick={() => step(1)}>
            <ChevronRight className="size-6" aria-hidden="true" />
          </Button>
        </div>
      )}
    </Dialog>
  );
}
