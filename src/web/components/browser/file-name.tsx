import { Link } from "@tanstack/react-router";
import type { FileBase } from "../../../contract/files.ts";
import { cn } from "../../lib/cn.ts";

/**
 * A tile's or row's file name. Where files open, it is a real link to the file page: a click opens it, and a
 * middle-click, Ctrl/⌘-click, "open in new tab" or "copy link" work as on any link. It keeps the click to itself
 * (the tile would take it as a selection) and out of the tab order (the tile's checkbox holds the roving focus,
 * and Enter opens from there).
 */
export function FileName({
  file,
  linked,
  onFollow,
  className,
}: {
  file: FileBase;
  linked: boolean;
  /** Called when the link is followed in this tab. */
  onFollow?: () => void;
  className?: string;
}) {
  if (!linked) {
    return (
      <span className={className} title={file.name}>
        {file.name}
      </span>
    );
  }
  return (
    <Link
      to="/files/$fileId"
      params={{ fileId: file.id }}
      className={cn(className, "hover:underline focus-visible:underline")}
      title={file.name}
      tabIndex={-1}
      draggable={false}
      onClick={(event) => {
        event.stopPropagation();
        onFollow?.();
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {file.name}
    </Link>
  );
}
