import { requireLibraryAccess } from "../access/library-access.ts";
import { subtreeFolderIds } from "../content/subtree.repository.ts";
import { requireActiveFile } from "../files/file-access.ts";
import type { FileRow } from "../files/files.repository.ts";
import { requireActiveFolder } from "../folders/folder-access.ts";
import { findLibrary } from "../libraries/libraries.repository.ts";
import type { ServiceContext } from "../platform/context.ts";
import { notFound } from "../platform/errors.ts";
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

/** A tree put in a snapshot under one name: a folder's subtree, or a whole library. */
interface SnapshotRoot {
  name: string;
  /** Its active folders: a folder's subtree (itself included), or every folder of a library. */
  folders: { id: string; name: string; parentId: string | null }[];
  /** A folder's own id: its contents go right under the root's name. */
  folderId?: string;
  /** A library's id: its top-level folders and files go right under the root's name. */
  libraryId?: string;
}

/**
 * A snapshot of brandspace files (at the top), folders and libraries (each under its own name, with every active
 * folder and file inside) as zip entries: each file keeps the bytes of its active version at this moment. An id the
 * caller cannot see, or one in the trash, is 404 before anything is taken. A page named directly goes to `onPage`
 * (throw to refuse it, return to leave it out); pages inside a folder are left out. Names are claimed from `names`.
 */
export async function snapshotItems(
  ctx: ServiceContext,
  ids: { fileIds: string[]; folderIds: string[]; libraryIds?: string[] },
  names: EntryNames,
  onPage: (file: FileRow) => void,
): Promise<ItemSnapshot> {
  for (const id of ids.fileIds) {
    const file = await requireActiveFile(ctx, id, "view");
    if (!file.activeVersionId) onPage(file);
  }
  const roots: SnapshotRoot[] = [];
  for (const id of ids.folderIds) {
    const folder = await requireActiveFolder(ctx, id, "view");
    roots.push({
      name: folder.name,
      folders: await items.activeFolders(ctx.db, await subtreeFolderIds(ctx.db, folder.id)),
      folderId: folder.id,
    });
  }
  for (const id of ids.libraryIds ?? []) {
    await requireLibraryAccess(ctx, id, "view");
    const library = await findLibrary(ctx.db, ctx.auth.brandspace.id, id);
    if (!library) throw notFound("library");
    roots.push({
      name: library.name,
      folders: await items.activeFoldersOfLibrary(ctx.db, library.id),
      libraryId: library.id,
    });
  }

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
    const rootName = names.claim("", root.name);
    snapshot.folders.push({ path: "", name: rootName });
    // A folder is in the snapshot only if its whole chain up to the root is active.
    const byId = new Map(root.folders.map((f) => [f.id, f]));
    const pathOf = new Map<string, string>(root.folderId ? [[root.folderId, rootName]] : []);
    const resolve = (id: string): string | null => {
      const known = pathOf.get(id);
      if (known !== undefined) return known;
      const folder = byId.get(id);
      if (!folder) return null;
      const parentPath = folder.parentId ? resolve(folder.parentId) : root.libraryId ? rootName : null;
      if (parentPath === null) return null;
      const name = names.claim(parentPath, folder.name);
      snapshot.folders.push({ path: parentPath, name });
      const path = joinPath(parentPath, name);
      pathOf.set(id, path);
      return path;
    };
    for (const folder of [...root.folders].sort((a, b) => a.name.localeCompare(b.name))) resolve(folder.id);
    const contained = [
      ...(root.libraryId ? await items.filesWithBlobs(ctx.db, { libraryTop: root.libraryId }) : []),
      ...(await items.filesWithBlobs(ctx.db, { folderIds: [...pathOf.keys()] })),
    ];
    for (const file of contained.sort((a, b) => a.name.localeCompare(b.name)))
      entry(file.folderId ? pathOf.get(file.folderId)! : rootName, file);
  }
  return snapshot;
}
