import { SHARING_LIMITS } from "../../contract/sharing.ts";
import { conflict } from "../platform/errors.ts";
import type { ZipEntries } from "../transfers/build-zip.ts";
import { EntryNames, joinPath } from "../transfers/entry-names.ts";
import { filesWithBlobs } from "../transfers/transfer-items.repository.ts";
import { type OpenShare, shareFilePage, shareFolderPage } from "./public-share.service.ts";

const PAGE = 100;
/** Ids per bytes lookup: keeps each `IN (…)` list short. */
const LOOKUP_CHUNK = 500;

const TOO_MANY = `This share holds more than ${SHARING_LIMITS.zipFilesMax} files: download them one by one.`;

/** Every item of a listing, page by page, as the visitor's own listing calls return them. */
async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    items.push(...answer.data);
    cursor = answer.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return items;
}

/**
 * What a share's zip holds, found with the visitor's own listing calls so that it shows exactly what browsing
 * shows: a folder or library share with its folder paths (relative to the shared folder), a board share flat.
 * Pages have no bytes and are left out. More than `zipFilesMax` files: 409.
 */
export async function shareZipEntries(share: OpenShare): Promise<ZipEntries> {
  const names = new EntryNames([]);
  const listed: { id: string; dir: string; name: string }[] = [];
  const folders: ZipEntries["folders"] = [];

  const walk = async (folderId: string | undefined, dir: string) => {
    const files = await allPages((cursor) =>
      shareFilePage(share, { limit: PAGE, cursor, folder_id: folderId }),
    );
    for (const file of files) if (file.kind !== "page") listed.push({ id: file.id, dir, name: file.name });
    if (listed.length > SHARING_LIMITS.zipFilesMax)
      throw conflict(TOO_MANY, { file_limit: SHARING_LIMITS.zipFilesMax });
    const children = await allPages((cursor) =>
      shareFolderPage(share, { limit: PAGE, cursor, folder_id: folderId }),
    );
    for (const child of children) {
      const name = names.claim(dir, child.name);
      folders.push({ path: dir, name });
      await walk(child.id, joinPath(dir, name));
    }
  };
  await walk(undefined, "");

  const bytes = new Map<string, { size: number; blobSha256: string }>();
  for (let i = 0; i < listed.length; i += LOOKUP_CHUNK) {
    const ids = listed.slice(i, i + LOOKUP_CHUNK).map((f) => f.id);
    for (const row of await filesWithBlobs(share.ctx.db, { ids }))
      bytes.set(row.id, { size: row.size, blobSha256: row.blobSha256 });
  }
  const files = listed.flatMap((file) => {
    const found = bytes.get(file.id);
    return found ? [{ ...found, path: file.dir, name: names.claim(file.dir, file.name) }] : [];
  });
  return { files, folders };
}
