import { describe, expect, it } from "vitest";
import { type FolderTree, readDroppedTree, treeOfPicked, uploadTree } from "./folder-tree.ts";
import type { UploadTarget } from "./upload-item.ts";

const picked = (path: string) => {
  const file = new File(["x"], path.split("/").pop() ?? path);
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
};

/** A folder maker over an in-memory library: folders by (parent, name), existing ones reused. */
function library(existing: Record<string, string> = {}, refuse: string[] = []) {
  const folders = new Map<string, string>(Object.entries(existing));
  const made: string[] = [];
  const makeFolder = async (place: UploadTarget, name: string) => {
    if (refuse.includes(name)) throw new Error(`“${name}” is not allowed`);
    const key = `${place.folderId ?? "root"}/${name}`;
    const known = folders.get(key);
    if (known) return known;
    const id = `fol_${name}`;
    folders.set(key, id);
    made.push(key);
    return id;
  };
  const started: { folderId: string | null; names: string[] }[] = [];
  const start = async (files: File[], target: UploadTarget) => {
    started.push({ folderId: target.folderId, names: files.map((f) => f.name) });
  };
  return { makeFolder, start, made, started };
}

describe("treeOfPicked", () => {
  it("reads each file's folders from its relative path and leaves system files out", () => {
    const tree = treeOfPicked([
      picked("Campaign/cover.png"),
      picked("Campaign/.DS_Store"),
      picked("Campaign/Social/post.png"),
      picked("Campaign/Social/Stories/story.mp4"),
    ]);
    expect(tree.files.map((f) => [f.file.name, f.dirs.join("/")])).toEqual([
      ["cover.png", "Campaign"],
      ["post.png", "Campaign/Social"],
      ["story.mp4", "Campaign/Social/Stories"],
    ]);
    expect(tree.folders.map((dirs) => dirs.join("/"))).toEqual([
      "Campaign",
      "Campaign/Social",
      "Campaign/Social/Stories",
    ]);
  });
});

describe("readDroppedTree", () => {
  it("reads dropped folders whole, batch after batch, empty folders included", async () => {
    const fileEntry = (name: string) => ({
      isFile: true,
      isDirectory: false,
      name,
      file: (resolve: (file: File) => void) => resolve(new File(["x"], name)),
    });
    const dirEntry = (name: string, batches: unknown[][]) => ({
      isFile: false,
      isDirectory: true,
      name,
      createReader: () => {
        let next = 0;
        return { readEntries: (resolve: (entries: unknown[]) => void) => resolve(batches[next++] ?? []) };
      },
    });
    const drop = dirEntry("Kit", [
      [fileEntry("a.png"), dirEntry("Empty", [])],
      [fileEntry("b.png"), dirEntry("Logos", [[fileEntry("logo.svg"), fileEntry("Thumbs.db")]])],
    ]);
    const tree = await readDroppedTree([drop as unknown as FileSystemEntry]);
    expect(tree.files.map((f) => `${f.dirs.join("/")}/${f.file.name}`)).toEqual([
      "Kit/a.png",
      "Kit/b.png",
      "Kit/Logos/logo.svg",
    ]);
    expect(tree.folders.map((dirs) => dirs.join("/"))).toEqual(["Kit", "Kit/Empty", "Kit/Logos"]);
  });
});

describe("uploadTree", () => {
  const target: UploadTarget = { libraryId: "lib_1", folderId: "fol_here" };
  const tree: FolderTree = treeOfPicked([
    picked("Campaign/cover.png"),
    picked("Campaign/Social/post.png"),
    picked("Campaign/Social/reel.mp4"),
    picked("Campaign/Print/flyer.pdf"),
  ]);

  it("makes the folders parents first, then queues each folder's files for it", async () => {
    const lib = library();
    const result = await uploadTree(tree, target, lib);
    expect(result.failed).toEqual([]);
    expect(lib.made).toEqual(["fol_here/Campaign", "fol_Campaign/Social", "fol_Campaign/Print"]);
    expect(lib.started).toEqual([
      { folderId: "fol_Campaign", names: ["cover.png"] },
      { folderId: "fol_Social", names: ["post.png", "reel.mp4"] },
      { folderId: "fol_Print", names: ["flyer.pdf"] },
    ]);
  });

  it("merges into a folder of the same name already there", async () => {
    const lib = library({ "fol_here/Campaign": "fol_existing" });
    await uploadTree(tree, target, lib);
    expect(lib.made).toEqual(["fol_existing/Social", "fol_existing/Print"]);
    expect(lib.started[0]).toEqual({ folderId: "fol_existing", names: ["cover.png"] });
  });

  it("a folder that cannot be made is reported once; its files and subfolders are left out", async () => {
    const lib = library({}, ["Social"]);
    const result = await uploadTree(
      treeOfPicked([...tree.files.map((f) => f.file), picked("Campaign/Social/Deep/more.png")]),
      { libraryId: "lib_1", folderId: null },
      lib,
    );
    expect(result.failed.map((f) => f.path)).toEqual(["Campaign/Social"]);
    expect(lib.made).toEqual(["root/Campaign", "fol_Campaign/Print"]);
    expect(lib.started).toEqual([
      { folderId: "fol_Campaign", names: ["cover.png"] },
      { folderId: "fol_Print", names: ["flyer.pdf"] },
    ]);
  });
});
