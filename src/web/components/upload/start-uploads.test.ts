import { describe, expect, it } from "vitest";
import { NameClashQueue } from "./name-clash-queue.ts";
import { nameBatches } from "./name-clashes.ts";
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

describe("startUploads", () => {
  it("starts files whose names are free and holds the others for a choice", async () => {
    const uploads = recorder();
    const clashes = new NameClashQueue(uploads);
    const place = placeHolding({ fil_logo: "logo.png", fil_other: "other.png" });
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
    const clashes = new NameClashQueue(uploads);
    const place = placeHolding({ fil_new: "a.png", fil_old: "a.png", fil_b: "b.png", fil_c: "c.png" });
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

  it("keep both uploads them as files of their own; skip uploads nothing; questions wait their turn", async () => {
    const uploads = recorder();
    const clashes = new NameClashQueue(uploads);
    const place = placeHolding({ fil_a: "a.png", fil_b: "b.png" });
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
    expect(uploads.added).toEqual([{ names: ["a.png"], target: FOLDER }]);
    expect(clashes.current()?.files.map((f) => f.name)).toEqual(["b.png"]);
    clashes.answer("skip");
    expect(uploads.added).toHaveLength(1);
    expect(clashes.current()).toBeNull();
  });

  it("new versions and transfer files start at once, without a lookup", async () => {
    const uploads = recorder();
    const clashes = new NameClashQueue(uploads);
    const place = placeHolding({ fil_a: "a.png" });
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
    const clashes = new NameClashQueue(uploads);
    await startUploads([file("a.png")], FOLDER, {
      uploads,
      clashes,
      list: () => Promise.reject(new TypeError("Failed to fetch")),
    });
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
