import { describe, expect, it } from "vitest";
import { accepts, type DragItems, type DropTarget } from "./dnd.ts";

const folderDrag = (parentId: string | null): DragItems => ({
  type: "folder",
  id: "fld_a",
  name: "A",
  libraryId: "lib_1",
  parentId,
});
const filesDrag = (folderIds: (string | null)[], libraryId = "lib_1"): DragItems => ({
  type: "files",
  ids: folderIds.map((_, i) => `fil_${i}`),
  folderIds,
  libraryIds: folderIds.map(() => libraryId),
});
const intoFolder = (folderId: string): DropTarget => ({
  type: "folder",
  folderId,
  libraryId: "lib_1",
  name: "x",
});
const intoLibrary = (libraryId: string): DropTarget => ({ type: "library", libraryId, name: "x" });

describe("accepts", () => {
  it("refuses a folder onto itself or its own parent", () => {
    expect(accepts(folderDrag("fld_p"), intoFolder("fld_a"))).toBe(false);
    expect(accepts(folderDrag("fld_p"), intoFolder("fld_p"))).toBe(false);
    expect(accepts(folderDrag("fld_p"), intoFolder("fld_other"))).toBe(true);
  });

  it("refuses a top-level folder onto its own library, accepts another library", () => {
    expect(accepts(folderDrag(null), intoLibrary("lib_1"))).toBe(false);
    expect(accepts(folderDrag(null), intoLibrary("lib_2"))).toBe(true);
    expect(accepts(folderDrag("fld_p"), intoLibrary("lib_1"))).toBe(true);
  });

  it("accepts files when at least one of them would move", () => {
    expect(accepts(filesDrag(["fld_x", "fld_x"]), intoFolder("fld_x"))).toBe(false);
    expect(accepts(filesDrag(["fld_x", "fld_y"]), intoFolder("fld_x"))).toBe(true);
    expect(accepts(filesDrag([null]), intoLibrary("lib_1"))).toBe(false);
    expect(accepts(filesDrag([null]), intoLibrary("lib_2"))).toBe(true);
    expect(accepts(filesDrag(["fld_x"]), intoLibrary("lib_1"))).toBe(true);
  });

  it("lets the service judge a drag it knows nothing about (another tab)", () => {
    expect(accepts(null, intoFolder("fld_x"))).toBe(true);
  });
});
