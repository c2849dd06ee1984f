import type { UploadTarget } from "./upload-item.ts";

/** A file of a picked or dropped folder, with the names of the folders it is in, from the top one down. */
export interface TreeFile {
  file: File;
  dirs: string[];
}

/** A picked or dropped folder tree: its files, and every folder of it (empty ones included), as name paths. */
export interface FolderTree {
  files: TreeFile[];
  folders: string[][];
}

/** Files the operating system leaves in folders for itself; nobody means to upload them. */
const SYSTEM_FILES = new Set([".DS_Store", "Thumbs.db", "desktop.ini"]);

const wanted = (file: File) => !SYSTEM_FILES.has(file.name);

/** The tree of files picked with a folder picker (`webkitdirectory`): each carries its path from the folder. */
export function treeOfPicked(files: readonly File[]): FolderTree {
  const tree: FolderTree = { files: [], folders: [] };
  const seen = new Set<string>();
  for (const file of files) {
    if (!wanted(file)) continue;
    const dirs = (file.webkitRelativePath || file.name).split("/").slice(0, -1);
    tree.files.push({ file, dirs });
    for (let depth = 1; depth <= dirs.length; depth++) {
      const key = dirs.slice(0, depth).join("/");
      if (!seen.has(key)) {
        seen.add(key);
        tree.folders.push(dirs.slice(0, depth));
      }
    }
  }
  return tree;
}

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

const nextBatch = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));

async function readEntry(entry: FileSystemEntry, parents: string[], tree: FolderTree): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    if (wanted(file)) tree.files.push({ file, dirs: parents });
    return;
  }
  if (!entry.isDirectory) return;
  const dirs = [...parents, entry.name];
  tree.folders.push(dirs);
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries hands out a directory's entries in batches (100 in Chromium) until it hands out none.
  for (let batch = await nextBatch(reader); batch.length > 0; batch = await nextBatch(reader)) {
    for (const child of batch) await readEntry(child, dirs, tree);
  }
}

/** The tree of dropped folders (directory entries of a drop), read whole. */
export async function readDroppedTree(entries: readonly FileSystemEntry[]): Promise<FolderTree> {
  const tree: FolderTree = { files: [], folders: [] };
  for (const entry of entries) await readEntry(entry, [], tree);
  return tree;
}

/** Finds or makes the folder `name` in a place (a folder, or a library's top level); answers its id. */
export type FolderMaker = (place: UploadTarget, name: string) => Promise<string>;

export interface TreeUploadResult {
  /** Folders whose making failed (their files were not uploaded), with the reason. */
  failed: { path: string; error: unknown }[];
}

/**
 * Uploads a folder tree into `target`: each folder is found by name in its parent or made there, parents first
 * (an existing folder of that name takes the files, as a merge), then each folder's files are queued for it
 * with `start`. A folder that cannot be made is reported, and its files and subfolders are left out.
 */
export async function uploadTree(
  tree: FolderTree,
  target: UploadTarget,
  {
    makeFolder,
    start,
  }: { makeFolder: FolderMaker; start: (files: File[], target: UploadTarget) => Promise<void> },
): Promise<TreeUploadResult> {
  const made = new Map<string, Promise<string | null>>();
  const failed: TreeUploadResult["failed"] = [];
  const folderOf = (dirs: string[]): Promise<string | null> => {
    if (dirs.length === 0) return Promise.resolve(target.folderId);
    const key = dirs.join("/");
    let folder = made.get(key);
    if (!folder) {
      folder = folderOf(dirs.slice(0, -1)).then(async (parentId) => {
        if (parentId === null && dirs.length > 1) return null;
        const name = dirs[dirs.length - 1] ?? "";
        try {
          return await makeFolder({ libraryId: target.libraryId, folderId: parentId }, name);
        } catch (error) {
          failed.push({ path: key, error });
          return null;
        }
      });
      made.set(key, folder);
    }
    return folder;
  };
  const ordered = [...tree.folders].sort((a, b) => a.length - b.length);
  for (const dirs of ordered) await folderOf(dirs);

  const byFolder = new Map<string, { dirs: string[]; files: File[] }>();
  for (const { file, dirs } of tree.files) {
    const key = dirs.join("/");
    const group = byFolder.get(key) ?? { dirs, files: [] };
    group.files.push(file);
    byFolder.set(key, group);
  }
  for (const { dirs, files } of byFolder.values()) {
    const folderId = await folderOf(dirs);
    if (dirs.length > 0 && folderId === null) continue;
    await start(files, { libraryId: target.libraryId, folderId });
  }
  return { failed };
}
