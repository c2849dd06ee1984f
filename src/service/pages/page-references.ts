import type { PageContent, PageReferences } from "../../contract/pages.ts";
import { PAGE_LIMITS } from "../../contract/pages.ts";
import { boardAccess } from "../access/board-access.ts";
import { libraryAccess } from "../access/library-access.ts";
import { listBoardFiles } from "../boards/board-files.service.ts";
import { contentUrl } from "../files/file-urls.ts";
import { hasRendition, toFileBase } from "../files/files.mapper.ts";
import { renditionsOf } from "../files/files.repository.ts";
import type { ServiceContext } from "../platform/context.ts";
import { targetNames } from "../shared-links/shared-links.repository.ts";
import { filesByIds } from "./pages.repository.ts";

/** Every file and board id the content names. */
export function referencedIds(content: PageContent) {
  const fileIds = new Set<string>();
  const boardIds = new Set<string>();
  for (const block of content.blocks) {
    if (block.type === "image") fileIds.add(block.file_id);
    if (block.type === "file_grid") for (const id of block.file_ids) fileIds.add(id);
    if (block.type === "board_embed") boardIds.add(block.board_id);
  }
  return { fileIds: [...fileIds], boardIds: [...boardIds] };
}

/**
 * What the content's ids show this reader: for files they can see (active, in a library they can see) the name
 * and signed thumbnail and preview URLs; for boards they can see its name and first files. Anything else is
 * `available: false` with its id only, so a page never tells a reader about what they may not see.
 */
export async function resolveReferences(ctx: ServiceContext, content: PageContent): Promise<PageReferences> {
  const { fileIds, boardIds } = referencedIds(content);
  const references: PageReferences = { files: {}, boards: {} };
  const rows = await filesByIds(ctx.db, ctx.auth.brandspace.id, fileIds);
  const access = new Map<string, boolean>();
  const visible = [];
  for (const row of rows) {
    if (row.trashedAt || row.hiddenBy) continue;
    if (!access.has(row.libraryId))
      access.set(row.libraryId, (await libraryAccess(ctx, row.libraryId)) !== null);
    if (access.get(row.libraryId)) visible.push(row);
  }
  const available = await renditionsOf(
    ctx.db,
    visible.flatMap((r) => (r.activeVersionId ? [r.activeVersionId] : [])),
  );
  const urls = { deps: ctx.deps, region: ctx.auth.brandspace.region };
  for (const id of fileIds) references.files[id] = { available: false, id };
  for (const row of visible) {
    const base = toFileBase(urls, row, hasRendition(available, row, "thumbnail"));
    const hasPreview = hasRendition(available, row, "preview");
    references.files[row.id] = {
      available: true,
      id: row.id,
      name: row.name,
      kind: base.kind,
      resolution: base.resolution,
      thumbnail_url: base.thumbnail_url,
      preview_url:
        hasPreview && row.activeVersionId
          ? contentUrl(ctx.deps, ctx.auth.brandspace.region, {
              fileId: row.id,
              versionId: row.activeVersionId,
              variant: "preview",
            })
          : null,
    };
  }
  for (const id of boardIds) {
    if (!(await boardAccess(ctx, id))) {
      references.boards[id] = { available: false, id };
      continue;
    }
    const page = await listBoardFiles(ctx, { boardId: id, query: { limit: PAGE_LIMITS.boardFilesShown } });
    const name = (await targetNames(ctx.db, [{ type: "board", id }])).get(`board:${id}`) ?? "";
    references.boards[id] = {
      available: true,
      id,
      name,
      files: page.data.map((f) => ({ id: f.id, name: f.name, kind: f.kind, thumbnail_url: f.thumbnail_url })),
      has_more: page.has_more,
    };
  }
  return references;
}
