import type { PageContent, PageReferences } from "../../contract/pages.ts";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import type { AuthContext } from "../platform/auth.ts";
import { ApiError } from "../platform/errors.ts";
import { actingAsCreator } from "../sharing/acting-as.ts";
import { referencedIds, resolveReferences } from "./page-references.ts";
import { findPublished } from "./pages.repository.ts";

const gone = () => new ApiError("not_found", "This page is not published.");

/**
 * A published page for anyone with its URL. Its references show what both its last publisher and the last saver
 * of its content can see (what they chose to show, and only that): an editor who cannot see a file cannot show it
 * to the world by naming it in a page someone else publishes, nor by publishing a page that names it. The page is
 * gone once its creator leaves; a reference is unavailable once either of the two does.
 */
export async function getPublicPage({ db, deps, token }: { db: Db; deps: ServiceDeps; token: string }) {
  const row = await findPublished(db, token.slice(0, 100));
  if (!row?.page.publishedAt) throw gone();
  const { brandspaceId, createdById } = row.file;
  const creator = await actingAsCreator(db, brandspaceId, createdById);
  if (!creator) throw gone();
  const content = row.page.content as PageContent;
  const asUser = (userId: string | null) =>
    !userId || userId === createdById ? Promise.resolve(creator) : actingAsCreator(db, brandspaceId, userId);
  const [publisher, saver] = await Promise.all([
    asUser(row.page.publishedById),
    asUser(row.page.contentSavedById),
  ]);
  return {
    object: "public_page" as const,
    brandspace_name: creator.brandspace.name,
    title: row.file.name,
    content,
    published_at: row.page.publishedAt.toISOString(),
    references: await referencesForBoth({ db, deps }, [publisher, saver], content),
  };
}

/** The references as the first sees them, less what the second cannot see (either gone: nothing is available). */
async function referencesForBoth(
  { db, deps }: { db: Db; deps: ServiceDeps },
  [first, second]: (AuthContext | null)[],
  content: PageContent,
): Promise<PageReferences> {
  if (!first || !second) return nothingAvailable(content);
  const seen = await resolveReferences({ db, deps, auth: first }, content);
  if (first.user.id === second.user.id) return seen;
  const boardFileIds = Object.values(seen.boards).flatMap((board) =>
    board.available ? board.files.map((file) => file.id) : [],
  );
  const alsoSeen = await resolveReferences({ db, deps, auth: second }, withImages(content, boardFileIds));
  const files: PageReferences["files"] = {};
  for (const [id, file] of Object.entries(seen.files))
    files[id] = alsoSeen.files[id]?.available ? file : { available: false, id };
  const boards: PageReferences["boards"] = {};
  for (const [id, board] of Object.entries(seen.boards))
    boards[id] =
      board.available && alsoSeen.boards[id]?.available
        ? { ...board, files: board.files.filter((file) => alsoSeen.files[file.id]?.available) }
        : { available: false, id };
  return { files, boards };
}

/** The content with an image block for each of `fileIds` more: to learn which of them a reader can see. */
function withImages(content: PageContent, fileIds: string[]): PageContent {
  const images = fileIds.map((fileId, index) => ({
    id: `board-file-${index}`,
    type: "image" as const,
    file_id: fileId,
  }));
  return { ...content, blocks: [...content.blocks, ...images] };
}

function nothingAvailable(content: PageContent): PageReferences {
  const { fileIds, boardIds } = referencedIds(content);
  const unavailable = (id: string) => [id, { available: false as const, id }] as const;
  return {
    files: Object.fromEntries(fileIds.map(unavailable)),
    boards: Object.fromEntries(boardIds.map(unavailable)),
  };
}
