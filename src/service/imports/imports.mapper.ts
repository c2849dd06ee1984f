import type { ImportErrorCode, ImportRecord } from "../../contract/imports.ts";
import type { ImportRow } from "./imports.repository.ts";

export function toImport(row: ImportRow): ImportRecord {
  return {
    object: "import",
    id: row.id,
    status: row.status,
    url: row.url,
    name: row.name,
    library_id: row.libraryId!,
    folder_id: row.folderId,
    file_id: row.fileId,
    bytes_received: row.bytesReceived,
    size: row.size,
    error: row.errorCode ? { code: row.errorCode as ImportErrorCode, message: row.errorMessage ?? "" } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export const importEventData = (row: ImportRow) => ({
  object: "import" as const,
  id: row.id,
  status: row.status,
  file_id: row.fileId,
  url: row.url,
});
