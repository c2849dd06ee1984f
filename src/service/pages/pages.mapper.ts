import type { Page, PageContent, PageReferences } from "../../contract/pages.ts";
import type { PageRow } from "./pages.repository.ts";

export const publishedUrl = (visitorUrl: string, token: string | null) =>
  token ? `${visitorUrl}/p/${token}` : null;

/** A page's `updated_at`: its content's or its file's (a rename, a move), whichever changed last. */
export const pageUpdatedAtOf = ({ page, file }: Pick<PageRow, "page" | "file">) =>
  new Date(Math.max(page.updatedAt.getTime(), file.updatedAt.getTime()));

export function toPage(row: PageRow, visitorUrl: string, references: PageReferences | null): Page {
  const { file, page } = row;
  return {
    object: "page",
    id: file.id,
    title: file.name,
    content: page.content as PageContent,
    library_id: file.libraryId,
    folder_id: file.folderId,
    published: page.publishToken !== null,
    published_at: page.publishToken ? (page.publishedAt?.toISOString() ?? null) : null,
    published_url: publishedUrl(visitorUrl, page.publishToken),
    created_at: file.createdAt.toISOString(),
    updated_at: pageUpdatedAtOf({ page, file }).toISOString(),
    created_by_id: file.createdById,
    trashed_at: file.trashedAt?.toISOString() ?? null,
    references,
  };
}

export const pageEventData = (row: PageRow) => ({
  object: "page" as const,
  id: row.file.id,
  name: row.file.name,
});
