import { describe, expect, it } from "vitest";
import { interpretQuery, mayNamePeople } from "./interpret-query.ts";

// A Wednesday; its ISO week starts on Monday 2026-03-16.
const now = new Date("2026-03-18T15:30:00.000Z");
const members = [
  { id: "u_ana", name: "Ana Lima", email: "ana@example.com" },
  { id: "u_anabel", name: "Anabel Ortiz", email: "aortiz@example.com" },
  { id: "u_bob", name: "Robert Stone", email: "bob@example.com" },
];
const read = (q: string) => interpretQuery(q, { now, members });

describe("interpretQuery keywords", () => {
  it("keeps plain words as lower-cased keywords, stopwords included when nothing was recognised", () => {
    expect(read("The Brand  guide")).toMatchObject({
      text: "the brand guide",
      words: ["the", "brand", "guide"],
      kinds: [],
      extensions: [],
      colors: [],
      uploaded_by: [],
      created_after: null,
      created_before: null,
      min_size: null,
      max_size: null,
    });
    expect(read("")).toMatchObject({ text: "", words: [] });
  });

  it("drops stopwords once something else was recognised", () => {
    expect(read("all the logo files from the campaign with png")).toMatchObject({
      words: ["logo", "campaign"],
      text: "logo campaign",
      extensions: ["png"],
    });
  });

  it("keeps at most 20 keywords", () => {
    const words = Array.from({ length: 25 }, (_, i) => `w${i}`);
    expect(read(words.join(" ")).words).toEqual(words.slice(0, 20));
  });

  it("strips surrounding punctuation", () => {
    expect(read('"logo", png!')).toMatchObject({ words: ["logo"], extensions: ["png"] });
  });
});

describe("interpretQuery kinds and extensions", () => {
  it.each([
    ["images", ["image"]],
    ["Photos", ["image"]],
    ["pics", ["image"]],
    ["picture", ["image"]],
    ["videos", ["video"]],
    ["movie", ["video"]],
    ["clips", ["video"]],
    ["audio", ["audio"]],
    ["sounds", ["audio"]],
    ["music", ["audio"]],
    ["songs", ["audio"]],
    ["documents", ["document"]],
    ["docs", ["document"]],
    ["fonts", ["font"]],
    ["archives", ["archive"]],
    ["images and videos", ["image", "video"]],
  ])("%s → %j", (q, kinds) => {
    expect(read(q)).toMatchObject({ kinds, words: [] });
  });

  it("recognises bare known extensions and any dotted one", () => {
    expect(read("png")).toMatchObject({ extensions: ["png"], words: [] });
    expect(read(".PNG")).toMatchObject({ extensions: ["png"], words: [] });
    expect(read(".xyz")).toMatchObject({ extensions: ["xyz"] });
    expect(read("pdf mp4 psd")).toMatchObject({ extensions: ["pdf", "mp4", "psd"] });
    expect(read("xyz")).toMatchObject({ extensions: [], words: ["xyz"] });
  });

  it("treats jpg and jpeg, tif and tiff as one", () => {
    expect(read("jpg").extensions).toEqual(["jpg", "jpeg"]);
    expect(read("jpeg").extensions).toEqual(["jpg", "jpeg"]);
    expect(read("tiff").extensions).toEqual(["tif", "tiff"]);
  });
});

describe("interpretQuery sizes (KB/MB/GB decimal, KiB/MiB/GiB binary)", () => {
  it.each([
    ["over 2 MB", 2_000_001, null],
    ["above 2mb", 2_000_001, null],
    ["larger than 1.5 GB", 1_500_000_001, null],
    ["bigger than 10 KB", 10_001, null],
    ["more than 1 KiB", 1025, null],
    ["greater than 2 MiB", 2 * 1024 ** 2 + 1, null],
    ["under 500 KB", null, 499_999],
    ["below 1 GiB", null, 1024 ** 3 - 1],
    ["smaller than 100 bytes", null, 99],
    ["less than 2.5mb", null, 2_499_999],
    ["between 1 and 2 MB", 1_000_000, 2_000_000],
    ["between 500kb and 1mb", 500_000, 1_000_000],
    ["between 2 MB and 1 MB", 1_000_000, 2_000_000],
  ])("%s", (q, min, max) => {
    expect(read(q)).toMatchObject({ min_size: min, max_size: max, words: [] });
  });

  it("combines bounds and needs a unit", () => {
    expect(read("over 1 MB under 3 MB")).toMatchObject({ min_size: 1_000_001, max_size: 2_999_999 });
    expect(read("over 5")).toMatchObject({ min_size: null, words: ["over", "5"] });
    expect(read("over 5 apples")).toMatchObject({ min_size: null, words: ["over", "5", "apples"] });
  });
});

describe("interpretQuery dates (UTC, relative to now)", () => {
  const range = (q: string) => {
    const r = read(q);
    return [r.created_after, r.created_before, r.words];
  };
  it.each([
    ["today", "2026-03-18T00:00:00.000Z", null],
    ["yesterday", "2026-03-17T00:00:00.000Z", "2026-03-17T23:59:59.999Z"],
    ["this week", "2026-03-16T00:00:00.000Z", null],
    ["last week", "2026-03-09T00:00:00.000Z", "2026-03-15T23:59:59.999Z"],
    ["this month", "2026-03-01T00:00:00.000Z", null],
    ["last month", "2026-02-01T00:00:00.000Z", "2026-02-28T23:59:59.999Z"],
    ["this year", "2026-01-01T00:00:00.000Z", null],
    ["last year", "2025-01-01T00:00:00.000Z", "2025-12-31T23:59:59.999Z"],
    ["last 7 days", "2026-03-11T00:00:00.000Z", null],
    ["past 2 weeks", "2026-03-04T00:00:00.000Z", null],
    ["last 3 months", "2025-12-18T00:00:00.000Z", null],
    ["last 1 year", "2025-03-18T00:00:00.000Z", null],
    ["since March", "2026-03-01T00:00:00.000Z", null],
    ["since june", "2025-06-01T00:00:00.000Z", null],
    ["since Jan 2024", "2024-01-01T00:00:00.000Z", null],
    ["since 2025-12-24", "2025-12-24T00:00:00.000Z", null],
    ["since 2024", "2024-01-01T00:00:00.000Z", null],
    ["since yesterday", "2026-03-17T00:00:00.000Z", null],
    ["before 2025-12-24", null, "2025-12-23T23:59:59.999Z"],
    ["before may", null, "2025-04-30T23:59:59.999Z"],
    ["after 2025-12-24", "2025-12-25T00:00:00.000Z", null],
    ["after february", "2026-03-01T00:00:00.000Z", null],
    ["in March", "2026-03-01T00:00:00.000Z", null],
    ["in April", "2025-04-01T00:00:00.000Z", "2025-04-30T23:59:59.999Z"],
    ["in feb 2024", "2024-02-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z"],
    ["in 2024", "2024-01-01T00:00:00.000Z", "2024-12-31T23:59:59.999Z"],
    ["december 2025", "2025-12-01T00:00:00.000Z", "2025-12-31T23:59:59.999Z"],
    ["2025-12-24", "2025-12-24T00:00:00.000Z", "2025-12-24T23:59:59.999Z"],
  ])("%s", (q, after, before) => {
    expect(range(q)).toEqual([after, before, []]);
  });

  it("intersects several date expressions", () => {
    expect(range("since 2025-01-01 before 2025-07-01")).toEqual([
      "2025-01-01T00:00:00.000Z",
      "2025-06-30T23:59:59.999Z",
      [],
    ]);
  });

  it("leaves words that are not dates", () => {
    expect(range("in house")).toEqual([null, null, ["in", "house"]]);
    expect(range("last minute")).toEqual([null, null, ["last", "minute"]]);
    expect(range("march")).toEqual([null, null, ["march"]]);
    expect(range("2025-02-30")).toEqual([null, null, ["2025-02-30"]]);
  });

  it("finds a week across a month and year boundary", () => {
    const r = interpretQuery("last week", { now: new Date("2026-01-01T10:00:00Z"), members });
    // 2026-01-01 is a Thursday: this week began Monday 2025-12-29.
    expect([r.created_after, r.created_before]).toEqual([
      "2025-12-22T00:00:00.000Z",
      "2025-12-28T23:59:59.999Z",
    ]);
    const m = interpretQuery("last month", { now: new Date("2026-01-15T10:00:00Z"), members });
    expect([m.created_after, m.created_before]).toEqual([
      "2025-12-01T00:00:00.000Z",
      "2025-12-31T23:59:59.999Z",
    ]);
  });
});

describe("interpretQuery colours", () => {
  it("recognises basic colour names", () => {
    expect(read("red logo")).toMatchObject({ colors: ["red"], words: ["logo"] });
    expect(read("grey and blue")).toMatchObject({ colors: ["gray", "blue"], words: [] });
    expect(read("orange yellow green purple pink brown black white gray").colors.sort()).toEqual([
      "black",
      "brown",
      "gray",
      "green",
      "orange",
      "pink",
      "purple",
      "white",
      "yellow",
    ]);
  });
});

describe("interpretQuery people", () => {
  it("matches by first name, full name or email prefix", () => {
    expect(read("by ana")).toMatchObject({ uploaded_by: ["u_ana", "u_anabel"], words: [] });
    expect(read("by Ana Lima")).toMatchObject({ uploaded_by: ["u_ana"], words: [] });
    expect(read("uploaded by anabel")).toMatchObject({ uploaded_by: ["u_anabel"], words: [] });
    expect(read("from bob")).toMatchObject({ uploaded_by: ["u_bob"], words: [] });
    expect(read("by robert logos")).toMatchObject({ uploaded_by: ["u_bob"], words: ["logos"] });
    expect(read("by stone")).toMatchObject({ uploaded_by: ["u_bob"] });
    expect(read("by aortiz")).toMatchObject({ uploaded_by: ["u_anabel"] });
  });

  it("leaves unmatched names as keywords", () => {
    expect(read("by zed")).toMatchObject({ uploaded_by: [], words: ["by", "zed"] });
    expect(read("stand by me")).toMatchObject({ uploaded_by: [], words: ["stand", "by", "me"] });
    expect(read("from paris")).toMatchObject({ uploaded_by: [], words: ["from", "paris"] });
  });

  it("reads 'from' with a date as a start", () => {
    expect(read("from 2025-01-02")).toMatchObject({ created_after: "2025-01-02T00:00:00.000Z", words: [] });
  });
});

describe("interpretQuery extremes", () => {
  it("keeps sizes within safe integers and never NaN", () => {
    expect(read("over 99999999999999999999 GB").min_size).toBe(Number.MAX_SAFE_INTEGER);
    expect(read("between 1 and 0 mb")).toMatchObject({ min_size: 0, max_size: 1_000_000 });
    expect(read("under 0 b").max_size).toBe(0);
  });

  it("keeps dates between 1900 and 9999", () => {
    expect(read("last 9999 years").created_after).toBe("1900-01-01T00:00:00.000Z");
    expect(read("last 10000 days").created_after).toBe("1998-10-31T00:00:00.000Z");
    expect(read("since 0001-01-01")).toMatchObject({ created_after: null, words: ["since", "0001-01-01"] });
  });
});

describe("interpretQuery combined", () => {
  it("reads a whole sentence", () => {
    expect(read("red png logos by ana over 1 MB since March")).toEqual({
      text: "logos",
      words: ["logos"],
      kinds: [],
      extensions: ["png"],
      created_after: "2026-03-01T00:00:00.000Z",
      created_before: null,
      min_size: 1_000_001,
      max_size: null,
      colors: ["red"],
      uploaded_by: ["u_ana", "u_anabel"],
    });
  });
});

describe("mayNamePeople", () => {
  it("is true exactly when a person could be named, so members load only then", () => {
    for (const q of ["by ana", "logos by Ana", "uploaded by ana", "From Eddie", "photos (by ana)"]) {
      expect(mayNamePeople(q), q).toBe(true);
    }
    for (const q of ["logos", "bypass", "frombork", "red png over 2 mb"])
      expect(mayNamePeople(q), q).toBe(false);
  });
});
