import { useQueries } from "@tanstack/react-query";
import type { PageBlock, PageReferences } from "../../../contract/pages.ts";
import { fileQuery } from "../../api/files.ts";

const NO_REFERENCES: PageReferences = { files: {}, boards: {} };

/** The file ids the blocks show (images and grids). */
function fileIdsOf(blocks: PageBlock[]): string[] {
  return blocks.flatMap((b) => (b.type === "image" ? [b.file_id] : b.type === "file_grid" ? b.file_ids : []));
}

/**
 * The saved page's references, plus the files picked since it was saved, read one by one (as the editor's user
 * sees them), so that the preview shows unsaved picks instead of "not available". A file that cannot be read is
 * unavailable, as the saved references would say.
 */
export function usePreviewReferences(
  blocks: PageBlock[],
  saved: PageReferences | null,
  enabled: boolean,
): PageReferences {
  const references = saved ?? NO_REFERENCES;
  const missing = [...new Set(fileIdsOf(blocks))].filter((id) => id && !references.files[id]);
  const picked = useQueries({
    queries: missing.map((id) => ({ ...fileQuery(id), enabled, retry: false })),
  });
  if (missing.length === 0) return references;
  const files = { ...references.files };
  missing.forEach((id, i) => {
    const { data, isError } = picked[i]!;
    if (data) {
      files[id] = {
        available: true,
        id,
        name: data.name,
        kind: data.kind,
        resolution: data.resolution,
        thumbnail_url: data.thumbnail_url,
        preview_url: data.renditions.preview_url,
      };
    } else if (isError) {
      files[id] = { available: false, id };
    }
  });
  return { ...references, files };
}
