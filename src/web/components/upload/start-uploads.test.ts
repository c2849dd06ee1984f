import { describe, expect, it } from "vitest";
import { NameClashQueue } from "./name-clash-queue.ts";
import { type NamedFilesLister, nameBatches, numberedName, numberedToFree } from "./name-clashes.ts";
import { startUploads } from "./start-uploads.ts";
import type { UploadTarget } from "./upload-item.ts";

const file = (name: string) => new File(["x"], name);
const FOLDER: UploadTarget = { libraryId: "lib_1", folderId: "fol_1" };

/** The upload queue's `add`, recorded. */
function recorder() {
  const added: { names: string[]; target: UploadTarget }[] = [];
  return {
    added,
    add: (files: readonly File[], target: UploadTarget) => {
      added.push({ names: files.map((f) => f.name), target });
      return [];
    },
  };
}

/** A place holding these files (id → name), listed as the service would: those named in the filter. */
function placeHolding(existing: Record<string, string>) {
  const calls: string[][] = [];
  const list = async (_target: UploadTarget, names: string[]) => {
    calls.push(names);
    return Object.entries(existing)
      .filter(([, name]) => names.includes(name))
      .map(([id, name]) => ({ id, name }));
  };
  return { list, calls };
}

/** The dashboard's question queue, kept files numbered against the same place. */
const queueOver = (uploads: ReturnType<typeof recorder>, list: NamedFilesLister) =>
  new NameClashQueue(uploads, (files, target) => numberedToFree(files, target, list));

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("startUploads", () => {
  it("starts files whose names are free and holds the others for a choice", async () => {
    const uploads = recorder();
    const place = placeHolding({ fil_logo: "logo.png", fil_other: "other.png" });
    const clashes = queueOver(uploads, place.list);
    await startUploads([file("logo.png"), file("new.png")], FOLDER, {
      uploads,
      clashes,
      list: place.list,
    });
    expect(uploads.added).toEqual([{ names: ["new.png"], target: FOLDER }]);
    expect(clashes.current()?.files.map((f) => f.name)).toEqual(["logo.png"]);
    expect(place.calls).toEqual([["logo.png", "new.png"]]);
  });

  it("replace uploads each file as a new version of the newest file of its name", async () => {
    const uploads = recorder();
    const place = placeHolding({ fil_new: "a.png", fil_old: "a.png", fil_b: "b.png", fil_c: "c.png" });
    const clashes = queueOver(uploads, place.list);
    await startUploads([file("a.png"), file("b.png"), file("c.png")], FOLDER, {
      uploads,
      clashes,
      list: place.list,
    });
    expect(uploads.added).toEqual([]);
    clashes.answer("replace");
    expect(uploads.added).toEqual([
      { names: ["a.png"], target: { ...FOLDER, fileId: "fil_new" } },
      { names: ["b.png"], target: { ...FOLDER, fileId: "fil_b" } },
      { names: ["c.png"], target: { ...FOLDER, fileId: "fil_c" } },
    ]);
    expect(clashes.current()).toBeNull();
  });

  it("keep both uploads them as files of their own, numbered; skip uploads nothing; questions wait their turn", async () => {
    const uploads = recorder();
    const place = placeHolding({ fil_a: "a.png", fil_b: "b.png" });
    const clashes = queueOver(uploads, place.list);
    await startUploads([file("a.png")], FOLDER, { uploads, clashes, list: place.list });
    await startUploads(
      [file("b.png")],
      { libraryId: "lib_1", folderId: null },
      {
        uploads,
        clashes,
        list: place.list,
      },
    );
    expect(clashes.current()?.files.map((f) => f.name)).toEqual(["a.png"]);
    clashes.answer("keep");
    await settled();
    expect(uploads.added).toEqual([{ names: ["a (2).png"], target: FOLDER }]);
    expect(clashes.current()?.files.map((f) => f.name)).toEqual(["b.png"]);
    clashes.answer("skip");
    expect(uploads.added).toHaveLength(1);
    expect(clashes.current()).toBeNull();
  });

  it("new versions and transfer files start at once, without a lookup", async () => {
    const uploads = recorder();
    const place = placeHolding({ fil_a: "a.png" });
    const clashes = queueOver(uploads, place.list);
    await startUploads(
      [file("a.png")],
      { ...FOLDER, fileId: "fil_a" },
      { uploads, clashes, list: place.list },
    );
    await startUploads(
      [file("a.png")],
      { ...FOLDER, transferId: "trf_1" },
      {
        uploads,
        clashes,
        list: place.list,
      },
    );
    expect(uploads.added).toHaveLength(2);
    expect(place.calls).toEqual([]);
  });

  it("uploads everything as before when the names cannot be looked up", async () => {
    const uploads = recorder();
    const failing = () => Promise.reject(new TypeError("Failed to fetch"));
    const clashes = queueOver(uploads, failing);
    await startUploads([file("a.png")], FOLDER, { uploads, clashes, list: failing });
    expect(uploads.added).toEqual([{ names: ["a.png"], target: FOLDER }]);
    expect(clashes.current()).toBeNull();
  });
});

describe("nameBatches", () => {
  it("keeps each filter document within the service's limits", () => {
    const many = Array.from({ length: 120 }, (_, i) => `file-${i}.png`);
    expect(nameBatches(many).map((b) => b.length)).toEqual([50, 50, 20]);
    const long = Array.from({ length: 30 }, (_, i) => `${"n".repeat(250)}-${i}`);
    const batches = nameBatches(long);
    for (const batch of batches) expect(JSON.stringify(batch).length).toBeLessThan(4_096 - 100);
    expect(batches.flat()).toEqual(long);
  });
});

describe("numberedName", () => {
  it("numbers before the extension, anew for a numbered name, at the end without one", () => {
    expect(numberedName("logo.png", 2)).toBe("logo (2).png");
    expect(numberedName("logo (2).png", 3)).toBe("logo (3).png");
    expect(numberedName("archive.tar.gz", 2)).toBe("archive.tar (2).gz");
    expect(numberedName("README", 4)).toBe("README (4)");
    expect(numberedName(".env", 2)).toBe(".env (2)");
  });
});

describe("Keep both", () => {
  it("gives each kept file the first number free in the place and among themselves", async () => {
    const place = placeHolding({ a: "logo.png", b: "logo (2).png", c: "logo (3).png", d: "notes.txt" });
    const kept = await numberedToFree(
      [file("logo.png"), file("logo.png"), file("notes.txt")],
      FOLDER,
      place.list,
    );
    expect(kept.map((f) => f.name)).toEqual(["logo (4).png", "logo (5).png", "notes (2).txt"]);
    expect(await kept[0]!.text()).toBe("x");
  });

  it("looks further when the first ten numbers are taken, and keeps the name after fifty", async () => {
    const taken = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`fil_${i}`, i === 0 ? "a.png" : numberedName("a.png", i + 1)]),
    );
    const some = placeHolding(Object.fromEntries(Object.entries(taken).slice(0, 15)));
    expect((await numberedToFree([file("a.png")], FOLDER, some.list)).map((f) => f.name)).toEqual([
      "a (16).png",
    ]);
    const all = placeHolding(taken);
    expect((await numberedToFree([file("a.png")], FOLDER, all.list)).map((f) => f.name)).toEqual(["a.png"]);
    expect(all.calls).toHaveLength(5);
  });

  it("uploads under the file's own name when the numbers cannot be looked up", async () => {
    const uploads = recorder();
    const place = placeHolding({ a: "a.png" });
    const clashes = new NameClashQueue(uploads, () => Promise.reject(new TypeError("Failed to fetch")));
    await startUploads([file("a.png")], FOLDER, { uploads, clashes, list: place.list });
    clashes.answer("keep");
    await settled();
    expect(uploads.added).toEqual([{ names: ["a.png"], target: FOLDER }]);
  });
});
