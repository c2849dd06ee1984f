import type { FileKind } from "../../../contract/files.ts";
import type { PageBlock, PageReferences } from "../../../contract/pages.ts";

/** Signed URLs are shown through a rewrite: the dashboard's `/api` proxy, or the visitors' `/public-api`. */
export type UrlRewrite = (url: string | null | undefined) => string | undefined;

/** A file a reader can open in the page's viewer. */
export interface ViewerFile {
  id: string;
  name: string;
  kind: FileKind;
  /** The preview, else the thumbnail (all a board embed has), through the page's rewrite. */
  still: string | undefined;
}

/**
 * The files of a block the viewer steps through, in the block's order: an image's file, a grid's, a board
 * gallery's. Unavailable files are left out, and so is a board shown as a list (its names are not tiles).
 */
export function viewerFiles(block: PageBlock, references: PageReferences, rewrite: UrlRewrite): ViewerFile[] {
  const page = (id: string): ViewerFile[] => {
    const file = references.files[id];
    if (!file?.available) return [];
    return [{ id, name: file.name, kind: file.kind, still: rewrite(file.preview_url ?? file.thumbnail_url) }];
  };
  switch (block.type) {
    case "image":
      return page(block.file_id);
    case "file_grid":
      return block.file_ids.flatMap(page);
    case "board_embed": {
      const board = references.boards[block.board_id];
      if (!board?.available || block.view === "list") return [];
      return board.files.map((f) => ({
        id: f.id,
        name: f.name,
        kind: f.kind,
        still: rewrite(f.thumbnail_url),
      }));
    }
    default:
      return [];
  }
}
