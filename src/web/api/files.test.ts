import { describe, expect, it } from "vitest";
import { dayBound, fileListInput, runBulk } from "./files.ts";

describe("fileListInput", () => {
  it("lists a folder by folder_id alone, a library by library_id, everything by neither", () => {
    expect(fileListInput({ libraryId: "lib_1", folderId: "fld_1" }, {})).toEqual({
      limit: 100,
      folder_id: "fld_1",
      order: "desc",
    });
    expect(fileListInput({ libraryId: "lib_1" }, {})).toEqual({
      limit: 100,
      library_id: "lib_1",
      order: "desc",
    });
    expect(fileListInput({}, {})).toEqual({ limit: 100, order: "desc" });
    expect(fileListInput({ trashed: true }, {})).toEqual({ limit: 100, trashed: "true", order: "desc" });
  });

  it("always sends the order the view shows: names A to Z unless the URL says otherwise", () => {
    expect(fileListInput({}, { sort: "name" })).toMatchObject({ sort: "name", order: "asc" });
    expect(fileListInput({}, { sort: "name", order: "desc" })).toMatchObject({ order: "desc" });
    expect(fileListInput({}, { sort: "size" })).toMatchObject({ sort: "size", order: "desc" });
  });

  it("sends lists comma-separated and days as the bounds of the local day", () => {
    const input = fileListInput(
      {},
      {
        kind: ["image", "video"],
        ext: ["png"],
        uploader: ["usr_1", "usr_2"],
        after: "2026-03-01",
        before: "2026-03-31",
      },
    );
    expect(input).toMatchObject({ kind: "image,video", extensions: "png", uploaded_by: "usr_1,usr_2" });
    expect(input.created_after).toBe(new Date("2026-03-01T00:00:00.000").toISOString());
    expect(input.created_before).toBe(new Date("2026-03-31T23:59:59.999").toISOString());
  });

  it("drops empty values so that equal views share one cache entry", () => {
    expect(fileListInput({}, { q: "  ", kind: [], sort: undefined })).toEqual({ limit: 100, order: "desc" });
  });
});

describe("dayBound", () => {
  it("ignores a missing or impossible day", () => {
    expect(dayBound(undefined, false)).toBeUndefined();
    expect(dayBound("2026-13-45", true)).toBeUndefined();
  });
});

describe("runBulk", () => {
  it("runs every item, a few at a time, and collects the failures", async () => {
    let running = 0;
    let most = 0;
    const result = await runBulk(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (n % 3 === 0) throw new Error(`no ${n}`);
      },
      3,
    );
    expect(result.done.sort()).toEqual([1, 2, 4, 5, 7]);
    expect(result.failed.map((f) => f.item).sort()).toEqual([3, 6]);
    expect(most).toBe(3);
  });

  it("does nothing for no items", async () => {
    expect(await runBulk([], async () => {})).toEqual({ done: [], failed: [] });
  });
});
