import type { Transfer } from "../../contract/transfers.ts";
import type { ServiceDeps } from "../deps.ts";
import { joinPath } from "./entry-names.ts";
import { transferContentUrl, transferUrl } from "./transfer-urls.ts";
import type { TransferFileRow, TransferFolderRow, TransferRow } from "./transfers.repository.ts";

export const toFileEntry = (row: TransferFileRow) => ({
  id: row.id,
  name: row.name,
  size: row.size,
  mime: row.mime,
  path: joinPath(row.path, row.name),
});

export const toFolderEntry = (row: TransferFolderRow) => ({
  name: row.name,
  path: joinPath(row.path, row.name),
});

/** Ended (expired, ended early, failed), or past its `expires_at` though the expiry job has not run yet. */
export const hasExpired = (row: Pick<TransferRow, "status" | "expiresAt">, now = new Date()) =>
  row.status === "expired" || row.expiresAt.getTime() <= now.getTime();

/** Ready and not past its expiry: the zip may be fetched. */
export const zipAvailable = (row: TransferRow, now = new Date()) =>
  row.status === "ready" && row.zipSha256 !== null && !hasExpired(row, now);

export function toTransfer(
  deps: ServiceDeps,
  region: string,
  row: TransferRow,
  entries: { files: TransferFileRow[]; folders: TransferFolderRow[] },
): Transfer {
  return {
    object: "transfer",
    id: row.id,
    url: transferUrl(deps.config.visitorUrl, row.token),
    name: row.name,
    message: row.message,
    status: row.status,
    expired_reason: row.expiredReason,
    size: row.size,
    file_count: row.fileCount,
    folder_count: row.folderCount,
    password_protected: row.passwordHash !== null,
    expires_at: row.expiresAt.toISOString(),
    view_count: row.viewCount,
    download_count: row.downloadCount,
    zip_url: zipAvailable(row) ? transferContentUrl(deps, region, row.id, "zip").url : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expired_at: row.expiredAt?.toISOString() ?? null,
    created_by_id: row.createdById,
    files: entries.files.map(toFileEntry),
    folders: entries.folders.map(toFolderEntry),
  };
}

export const transferEventData = (row: TransferRow) => ({
  object: "transfer" as const,
  id: row.id,
  name: row.name,
  status: row.status,
});
