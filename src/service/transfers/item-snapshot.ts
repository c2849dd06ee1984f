import { subtreeFolderIds } from "../content/subtree.repository.ts";
import { requireActiveFile } from "../files/file-access.ts";
import type { FileRow } from "../files/files.repository.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import type { ServiceContext } from "../platform/context.ts";
import { type EntryNames, joinPath } from "./entry-names.ts";
import * as items from "./transfer-items.repository.ts";

/** A file of a snapshot: where it sits in the zip (`path` "" is the top), its bytes now, the file it came from. */
export interface SnapshotFile {
  path: string;
  name: string;
  size: number;
  mime: string;
  blobSha256: string;
  sourceFileId: string;
}

/** What a snapshot holds: files and every folder (empty ones too), each with a name unique in its folder. */
export interface ItemSnapshot {
  files: SnapshotFile[];
  folders: { path: string; name: string }[];
}

/**
 * A snapshot of brandspace files (at the top) and folders (each under its own name, with every active folder and
 * file inside) as zip entries: each file keeps the bytes of its active version at this moment. An id the caller
 * cannot see, or one in the trash, is 404 before anything is taken. A page named directly goes to `onPage` (throw
 * to refuse it, return to leave it out); pages inside a folder are left out. Names are claimed from `names`.
 */
export async function snapshotItems(
  ctx: ServiceContext,
  ids: { fileIds: string[]; folderIds: string[] },
  names: EntryNames,
  onPage: (file: FileRow) => void,
): Promise<ItemSnapshot> {
  for (const id of ids.fileIds) {
    const file = await requireActiveFile(ctx, id, "view");
    if (!file.activeVersionId) onPage(file);
  }
  const roots = [];
  for (const id of ids.folderIds) roots.push(await requireActiveFolder(ctx, id, "view"));

  const snapshot: ItemSnapshot = { files: [], folders: [] };
  const entry = (
    dir: string,
    file: { id: string; name: string; mime: string; size: number; blobSha256: string },
  ) =>
    snapshot.files.push({
      path: dir,
      name: names.claim(dir, file.name),
      size: file.size,
      mime: file.mime,
      blobSha256: file.blobSha256,
      sourceFileId: file.id,
    });

  if (ids.fileIds.length > 0)
    for (const file of await items.filesWithBlobs(ctx.db, { ids: ids.fileIds })) entry("", file);
  for (const root of roots) {
    const subtree = await items.activeFolders(ctx.db, await subtreeFolderIds(ctx.db, root.id));
    // A folder is in the snapshot only if its whole chain up to the root is active.
    const byId = new Map(subtree.map((f) => [f.id, f]));
    const pathOf = new Map<string, string>();
    const rootName = names.claim("", root.name);
    pathOf.set(root.id, rootName);
    snapshot.folders.push({ path: "", name: rootName });
    const resolve = (id: string): string | null => {
      const known = pathOf.get(id);
      if (known !== undefined) return known;
      const folder = byId.get(id);
      if (!folder?.parentId) return null;
      const parentPath = resolve(folder.parentId);
      if (parentPath === null) return null;
      const name = names.claim(parentPath, folder.name);
      snapshot.folders.push({ path: parentPath, name });
      const path = joinPath(parentPath, name);
      pathOf.set(id, path);
      return path;
    };
    for (const folder of [...subtree].sort((a, b) => a.name.localeCompare(b.name))) resolve(folder.id);
    const inside = [...pathOf.keys()];
    const contained = await items.filesWithBlobs(ctx.db, { folderIds: inside });
    for (const file of contained.sort((a, b) => a.name.localeCompare(b.name)))
      entry(pathOf.get(file.folderId!)!, file);
  }
  return snapshot;
}
