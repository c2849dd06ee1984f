import type { Version } from "../../contract/files.ts";
import { resolutionOf } from "../files/files.mapper.ts";
import type { VersionRow } from "./versions.repository.ts";

export function toVersion(row: VersionRow, activeVersionId: string | null): Version {
  return {
    object: "version",
    id: row.id,
    file_id: row.fileId,
    version_number: row.versionNumber,
    size: row.size,
    mime: row.mime,
    extension: row.extension,
    status: row.status,
    duration_ms: row.durationMs,
    resolution: resolutionOf(row.width, row.height),
    created_at: row.createdAt.toISOString(),
    created_by_id: row.createdById,
    is_active: row.id === activeVersionId,
  };
}

export const versionEventData = (row: VersionRow) => ({
  object: "version",
  id: row.id,
  file_id: row.fileId,
  version_number: row.versionNumber,
});

/** The fields a file mirrors from its active version, for listings that filter and sort on one table. */
export const mirrorOf = (v: VersionRow) => ({
  activeVersionId: v.id,
  activeNumber: v.versionNumber,
  kind: v.kind,
  mime: v.mime,
  extension: v.extension,
  size: v.size,
  status: v.status,
  durationMs: v.durationMs,
  width: v.width,
  height: v.height,
});
