import { FileText, FolderClosed } from "lucide-react";
import type { Transfer } from "../../../contract/transfers.ts";
import { formatBytes, plural } from "../../lib/format.ts";
import { ListTable } from "../ui/list-table.tsx";

/** The folder part of an entry's zip path (`Logos/dark/`), shown before its name; "" at the top. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash + 1);
}

/** What the recipient's zip holds: every file with its path in the zip, in the zip's order. */
export function TransferContents({ transfer }: { transfer: Transfer }) {
  return (
    <section aria-labelledby="transfer-contents-heading" className="mt-8">
      <div className="mx-6 mb-3 flex items-baseline gap-3">
        <h2 id="transfer-contents-heading" className="font-semibold">
          Contents
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {plural(transfer.file_count, "file")}
          {transfer.folder_count > 0 && ` in ${plural(transfer.folder_count, "folder")}`} ·{" "}
          {formatBytes(transfer.size)}
        </p>
      </div>
      {transfer.files.length === 0 ? (
        <p className="mx-6 rounded-lg border border-zinc-300 border-dashed px-6 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          No files yet.
        </p>
      ) : (
        <ListTable
          caption="Files in this transfer"
          minWidth="min-w-[40rem]"
          columns={[
            { key: "file", label: "File" },
            { key: "type", label: "Type", className: "w-56" },
            { key: "size", label: "Size", className: "w-28" },
          ]}
        >
          {transfer.files.map((file) => (
            <tr key={file.id} data-entry-id={file.id}>
              <td className="max-w-0 py-2.5 pr-3 pl-6">
                <p className="flex items-center gap-2 truncate" title={file.path}>
                  {folderOf(file.path) ? (
                    <FolderClosed className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
                  ) : (
                    <FileText className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
                  )}
                  <span className="truncate">
                    <span className="text-zinc-600 dark:text-zinc-400">{folderOf(file.path)}</span>
                    {file.name}
                  </span>
                </p>
              </td>
              <td className="truncate px-3 py-2.5 text-zinc-600 dark:text-zinc-400">{file.mime}</td>
              <td className="py-2.5 pr-6 pl-3 tabular-nums">{formatBytes(file.size)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
