import { beforeEach, describe, expect, it } from "vitest";
import { browseNeighbours, rememberBrowseOrder } from "./browse-order.ts";

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  globalThis.sessionStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  } as Storage;
});

describe("browse order", () => {
  it("gives the neighbours in the remembered order, none past either end", () => {
    rememberBrowseOrder(["a", "b", "c"]);
    expect(browseNeighbours("b")).toEqual({ previous: "a", next: "c" });
    expect(browseNeighbours("a")).toEqual({ previous: null, next: "b" });
    expect(browseNeighbours("c")).toEqual({ previous: "b", next: null });
  });

  it("knows nothing of a file outside it, or of a damaged entry", () => {
    rememberBrowseOrder(["a"]);
    expect(browseNeighbours("z")).toBeNull();
    store.set("brandspace.browse-order", "{not json");
    expect(browseNeighbours("a")).toBeNull();
  });
});
