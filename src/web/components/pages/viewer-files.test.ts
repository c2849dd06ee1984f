import { expect, test } from "vitest";
import type { PageReferences } from "../../../contract/pages.ts";
import { viewerFiles } from "./viewer-files.ts";

const shown = (url: string | null | undefined) => (url ? `/shown/${url}` : undefined);

const references: PageReferences = {
  files: {
    a: {
      available: true,
      id: "a",
      name: "a.png",
      kind: "image",
      resolution: "10x10",
      thumbnail_url: "thumb-a",
      preview_url: "preview-a",
    },
    b: {
      available: true,
      id: "b",
      name: "b.txt",
      kind: "document",
      resolution: null,
      thumbnail_url: null,
      preview_url: null,
    },
    c: {
      available: true,
      id: "c",
      name: "c.mp4",
      kind: "video",
      resolution: null,
      thumbnail_url: "thumb-c",
      preview_url: null,
    },
    gone: { available: false, id: "gone" },
  },
  boards: {
    board: {
      available: true,
      id: "board",
      name: "Launch",
      files: [{ id: "d", name: "d.png", kind: "image", thumbnail_url: "thumb-d" }],
      has_more: false,
    },
    hidden: { available: false, id: "hidden" },
  },
};

test("a grid's files in order, their preview else their thumbnail, the unavailable left out", () => {
  const files = viewerFiles(
    { id: "g", type: "file_grid", file_ids: ["a", "gone", "b", "c"] },
    references,
    shown,
  );
  expect(files.map((f) => [f.id, f.still])).toEqual([
    ["a", "/shown/preview-a"],
    ["b", undefined],
    ["c", "/shown/thumb-c"],
  ]);
});

test("an image block opens its one file, or none when it is unavailable", () => {
  expect(viewerFiles({ id: "i", type: "image", file_id: "a" }, references, shown)).toHaveLength(1);
  expect(viewerFiles({ id: "i", type: "image", file_id: "gone" }, references, shown)).toEqual([]);
});

test("a board's gallery opens its files at their thumbnails; a list, an unavailable board, text do not", () => {
  expect(viewerFiles({ id: "e", type: "board_embed", board_id: "board" }, references, shown)).toEqual([
    { id: "d", name: "d.png", kind: "image", still: "/shown/thumb-d" },
  ]);
  expect(
    viewerFiles({ id: "e", type: "board_embed", board_id: "board", view: "list" }, references, shown),
  ).toEqual([]);
  expect(viewerFiles({ id: "e", type: "board_embed", board_id: "hidden" }, references, shown)).toEqual([]);
  expect(viewerFiles({ id: "h", type: "heading", level: 1, text: "Hi" }, references, shown)).toEqual([]);
});
