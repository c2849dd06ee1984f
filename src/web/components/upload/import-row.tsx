import { Link } from "@tanstack/react-router";
import { AlertCircle, CheckCircle2, Globe } from "lucide-react";
import { memo } from "react";
import type { ImportRecord } from "../../../contract/imports.ts";
import { formatBytes } from "../../lib/format.ts";
import { IMPORT_FAILURES } from "./import-queue.ts";

function statusLine(record: ImportRecord): string {
  switch (record.status) {
    case "queued":
      return "Waiting to start…";
    case "downloading":
      return record.size
        ? `Downloading ${formatBytes(record.bytes_received)} of ${formatBytes(record.size)}`
        : `Downloading… ${formatBytes(record.bytes_received)}`;
    case "processing":
      return "Adding to the library…";
    case "completed":
      return `Imported · ${formatBytes(record.bytes_received)}`;
    case "failed":
      return record.error ? IMPORT_FAILURES[record.error.code] : "The import failed.";
  }
}

/** One URL import in the upload panel: name (a link once the file exists) and its status in words. */
export const ImportRow = memo(function ImportRow({ record }: { record: ImportRecord }) {
  const failed = record.status === "failed";
  const name = record.name ?? new URL(record.url).pathname.split("/").pop() ?? record.url;
  return (
    <li className="px-3 py-2.5" data-import-id={record.id}>
      <div className="flex items-center gap-2.5">
        {failed ? (
          <AlertCircle className="size-4 shrink-0 text-red-600" aria-label="Failed" role="img" />
        ) : record.status === "completed" ? (
          <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-label="Done" role="img" />
        ) : (
          <Globe className="size-4 shrink-0 text-zinc-500" aria-label="Importing" role="img" />
        )}
        <div className="min-w-0 flex-1">
          {record.file_id ? (
            <Link
              to="/files/$fileId"
              params={{ fileId: record.file_id }}
              className="block truncate font-medium text-sm hover:underline"
            >
              {name}
            </Link>
          ) : (
            <p className="truncate font-medium text-sm" title={record.url}>
              {name || record.url}
            </p>
          )}
          <p
            className={
              failed
                ? "truncate text-red-700 text-xs dark:text-red-400"
                : "truncate text-xs text-zinc-600 dark:text-zinc-400"
            }
          >
            {statusLine(record)}
          </p>
        </div>
      </div>
    </li>
  );
});
