import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, properties, propertyOptions } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;
let libraryId: string;

/** A PNG of random gray pixels: it does not compress, so it is several KB, and has no hue. */
const noisyPng = (side: number) =>
  sharp(Buffer.from(Array.from({ length: side * side }, () => Math.floor(Math.random() * 256))), {
    raw: { width: side, height: side, channels: 1 },
  })
    .png()
    .toBuffer();

beforeAll(async () => {
  // More searches than the default 60 a minute; the search counter itself is tested in meta.api.test.ts.
  service = await startTestService({ workers: true, env: { RATE_LIMITS: "search=1000/1m" } });
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  libraryId = (await api("POST", "/v1/libraries", { body: { name: "Search" } })).body.id;
  const uploaded = [
    await uploadBytes(api, await solidPng(40, 40), { name: "red square.png", library_id: libraryId }),
    await uploadBytes(api, await solidPng(40, 40, { r: 10, g: 200, b: 40 }), {
      name: "green square.png",
      library_id: libraryId,
    }),
    await uploadBytes(api, await noisyPng(64), { name: "noise.png", library_id: libraryId }),
    await uploadBytes(api, Buffer.from("a plain note about the brand"), {
      name: "notes.txt",
      library_id: libraryId,
    }),
  ];
  for (const f of uploaded) await waitUntilProcessed(api, f.id);
});
afterAll(() => service?.close());

const search = async (q: string, extra = "", library = libraryId) => {
  const res = await api("GET", `/v1/files?library_id=${library}&q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, res.text).toBe(200);
  return {
    names: res.body.data.map((f: { name: string }) => f.name).sort() as string[],
    interpreted: res.body.search.interpreted,
    body: res.body,
  };
};

describe("file search interpretation", () => {
  it("q=images returns only images and says so", async () => {
    const r = await search("images");
    expect(r.names).toEqual(["green square.png", "noise.png", "red square.png"]);
    expect(r.interpreted).toEqual({
      text: "",
      kinds: ["image"],
      extensions: [],
      created_after: null,
      created_before: null,
      min_size: null,
      max_size: null,
      colors: [],
      uploaded_by: [],
    });
    expect(r.body.search.query).toBe("images");
  });

  it("q=png over 1 KB combines an extension and a size", async () => {
    const r = await search("png over 1 KB");
    expect(r.names).toEqual(["noise.png"]);
    expect(r.interpreted).toMatchObject({ extensions: ["png"], min_size: 1001, max_size: null, text: "" });
  });

  it("ANDs the interpretation with the explicit parameters", async () => {
    expect((await search("png", "&kind=document")).names).toEqual([]);
    expect((await search("png", "&max_size=1000")).names).toEqual(["green square.png", "red square.png"]);
  });

  it("q=by <first name> filters by uploader", async () => {
    const owner = await search("by olivia");
    expect(owner.interpreted.uploaded_by).toEqual([service.seed.users.owner.id]);
    expect(owner.names).toHaveLength(4);
    const editor = await search("by Eddie");
    expect(editor.interpreted.uploaded_by).toEqual([service.seed.users.editor.id]);
    expect(editor.names).toEqual([]);
  });

  it("q=this week / last week bound created_at", async () => {
    const thisWeek = await search("this week");
    expect(thisWeek.names).toHaveLength(4);
    expect(thisWeek.interpreted.created_after).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
    expect(new Date(thisWeek.interpreted.created_after).getUTCDay()).toBe(1);
    expect(thisWeek.interpreted.created_before).toBeNull();
    const lastWeek = await search("last week");
    expect(lastWeek.names).toEqual([]);
    expect(lastWeek.interpreted.created_before).toMatch(/T23:59:59\.999Z$/);
    expect(
      Date.parse(lastWeek.interpreted.created_before) - Date.parse(lastWeek.interpreted.created_after),
    ).toBe(7 * 86_400_000 - 1);
  });

  it("q=red matches the dominant colour of the active version", async () => {
    const red = await search("red");
    expect(red.interpreted.colors).toEqual(["red"]);
    expect(red.names).toEqual(["red square.png"]);
    expect((await search("green")).names).toEqual(["green square.png"]);
    expect((await search("purple")).names).toEqual([]);
  });

  it("answers extreme sizes and dates without an error", async () => {
    for (const q of [
      "over 99999999999999999999 GB",
      "between 1 and 0 mb",
      "last 9999 years",
      "since 9999-12-31",
      "a.b*c+ (x|y) [z] \\ 50%_off",
    ]) {
      const res = await api("GET", `/v1/files?q=${encodeURIComponent(q)}`);
      expect(res.status, `${q}: ${res.text}`).toBe(200);
    }
  });

  it("keywords left over still match names", async () => {
    const r = await search("square png");
    expect(r.interpreted.text).toBe("square");
    expect(r.names).toEqual(["green square.png", "red square.png"]);
  });
});

describe("file search keywords", () => {
  let library: string;
  const names = async (q: string) => (await search(q, "", library)).names;

  beforeAll(async () => {
    library = (await api("POST", "/v1/libraries", { body: { name: "Keywords" } })).body.id;
    const png = await solidPng(10, 10);
    const logo = await uploadBytes(api, png, { name: "logo.png", library_id: library });
    const poster = await uploadBytes(api, png, { name: "poster.png", library_id: library });
    const flyer = await uploadBytes(api, png, { name: "flyer.png", library_id: library });
    const db = service.deps.db;
    const text = {
      id: newId("property"),
      brandspaceId: service.seed.brandspaceId,
      name: "Notes",
      type: "text" as const,
      selectionMode: "single" as const,
      position: 0,
    };
    const status = { ...text, id: newId("property"), name: "Stage", type: "status" as const, position: 1 };
    const channel = {
      ...text,
      id: newId("property"),
      name: "Channel",
      type: "multi_tag" as const,
      position: 2,
    };
    await db.insert(properties).values([text, status, channel]);
    const approved = newId("option");
    const outdoor = newId("option");
    await db.insert(propertyOptions).values([
      { id: approved, propertyId: status.id, label: "Approved", color: "#00aa00", position: 0 },
      { id: outdoor, propertyId: channel.id, label: "Outdoor", color: "#0000aa", position: 0 },
    ]);
    const set = async (fileId: string, propertyId: string, value: unknown) => {
      const res = await api("PUT", `/v1/files/${fileId}/properties/${propertyId}`, { body: { value } });
      expect(res.status, res.text).toBe(200);
    };
    await set(poster.id, text.id, "Summer campaign headline");
    await set(poster.id, status.id, { option_id: approved });
    await set(flyer.id, channel.id, [{ option_id: outdoor }]);
    expect(logo.name).toBe("logo.png");
  });

  it("matches prefixes and substrings of names", async () => {
    expect(await names("lo")).toEqual(["logo.png"]);
    expect(await names("post")).toEqual(["poster.png"]);
  });

  it("tolerates one typo in words of four letters or more", async () => {
    expect(await names("logp")).toEqual(["logo.png"]);
    expect(await names("postre")).toEqual(["poster.png"]);
    expect(await names("flyyer")).toEqual(["flyer.png"]);
    expect(await names("lgp")).toEqual([]);
  });

  it("matches text property values and option labels", async () => {
    expect(await names("headline")).toEqual(["poster.png"]);
    expect(await names("approved")).toEqual(["poster.png"]);
    expect(await names("outdoor")).toEqual(["flyer.png"]);
    expect(await names("outdor")).toEqual(["flyer.png"]);
  });

  it("needs every keyword, wherever each one is found", async () => {
    expect(await names("poster headline")).toEqual(["poster.png"]);
    expect(await names("summer approved")).toEqual(["poster.png"]);
    expect(await names("summer outdoor")).toEqual([]);
    expect(await names("campain headlin")).toEqual(["poster.png"]);
  });
});

describe("file search typo neighbours", () => {
  let library: string;
  const names = async (q: string) => (await search(q, "", library)).names;

  beforeAll(async () => {
    library = (await api("POST", "/v1/libraries", { body: { name: "Typos" } })).body.id;
    for (const name of [
      "café menu.png",
      "report 2025.pdf",
      "brand_guidelines.pdf",
      // 72 letters in a row: longer than any word the typo lookup keeps.
      "summercampaignlookbookfinalversionapprovedforprintandwebbyjanexyzzyquartz.pdf",
    ]) {
      await uploadBytes(api, Buffer.from(`bytes of ${name}`), { name, library_id: library });
    }
  });

  it("finds words with accents, and words joined by punctuation", async () => {
    expect(await names("cafe")).toEqual(["café menu.png"]);
    expect(await names("guidlines")).toEqual(["brand_guidelines.pdf"]);
  });

  it("finds a word inside a run of letters too long to be a known word, as itself and misspelt", async () => {
    const long = "summercampaignlookbookfinalversionapprovedforprintandwebbyjanexyzzyquartz.pdf";
    expect(await names("xyzzyquartz")).toEqual([long]);
    expect(await names("approvedforprint")).toEqual([long]);
  });

  it("learns the words a rename or a retag brings, misspelt too, and keeps the ones the file had", async () => {
    const file = await uploadBytes(api, Buffer.from("retagged"), { name: "plain.png", library_id: library });
    const renamed = await api("PATCH", `/v1/files/${file.id}`, {
      body: { name: "quokkaland.png", tags: ["wombatique"] },
    });
    expect(renamed.status).toBe(200);
    expect(await names("quokkalnd")).toEqual(["quokkaland.png"]);
    expect(await names("wombatiqe")).toEqual(["quokkaland.png"]);
    expect(
      (await api("PATCH", `/v1/files/${file.id}`, { body: { tags: ["wombatique", "koalarama"] } })).status,
    ).toBe(200);
    expect(await names("koalarma")).toEqual(["quokkaland.png"]);
    expect(await names("wombatiqe")).toEqual(["quokkaland.png"]);
  });

  it("never takes one number for another", async () => {
    expect(await names("2024")).toEqual([]);
    expect(await names("2025")).toEqual(["report 2025.pdf"]);
  });
});

describe("file search follows every change", () => {
  let library: string;
  let fileId: string;
  const names = async (q: string) => (await search(q, "", library)).names;
  const ok = async (method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, body?: unknown) => {
    const res = await api(method, path, body === undefined ? {} : { body });
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };

  beforeAll(async () => {
    library = (await api("POST", "/v1/libraries", { body: { name: "Changes" } })).body.id;
    fileId = (await uploadBytes(api, await solidPng(10, 10), { name: "artwork.png", library_id: library }))
      .id;
  });

  it("renames and tags", async () => {
    await ok("PATCH", `/v1/files/${fileId}`, { name: "mascot.png", tags: ["carnival"] });
    expect(await names("mascot")).toEqual(["mascot.png"]);
    expect(await names("artwork")).toEqual([]);
    expect(await names("carnival")).toEqual(["mascot.png"]);
    await ok("PATCH", `/v1/files/${fileId}`, { tags: [] });
    expect(await names("carnival")).toEqual([]);
  });

  it("comments and replies, edited and deleted", async () => {
    const comment = await ok("POST", `/v1/files/${fileId}/comments`, { text: "needs a hummingbird" });
    expect(await names("hummingbird")).toEqual(["mascot.png"]);
    const reply = await ok("POST", `/v1/files/${fileId}/comments/${comment.id}/replies`, {
      text: "or a pelican",
    });
    expect(await names("pelican")).toEqual(["mascot.png"]);
    await ok("PATCH", `/v1/files/${fileId}/comments/${comment.id}/replies/${reply.id}`, {
      text: "or a heron",
    });
    expect(await names("pelican")).toEqual([]);
    expect(await names("heron")).toEqual(["mascot.png"]);
    await ok("PATCH", `/v1/files/${fileId}/comments/${comment.id}`, { text: "needs a flamingo" });
    expect(await names("hummingbird")).toEqual([]);
    await ok("DELETE", `/v1/files/${fileId}/comments/${comment.id}`);
    expect(await names("flamingo")).toEqual([]);
    expect(await names("heron")).toEqual([]);
  });

  it("property values set, cleared, and option labels renamed", async () => {
    const property = await ok("POST", "/v1/properties", {
      name: "Campaign stage",
      type: "status",
      options: [{ label: "Storyboard", color: "#aa0000" }],
    });
    const option = property.options[0];
    await ok("PUT", `/v1/files/${fileId}/properties/${property.id}`, { value: { option_id: option.id } });
    expect(await names("storyboard")).toEqual(["mascot.png"]);
    await ok("PATCH", `/v1/properties/${property.id}/options/${option.id}`, { label: "Premiere" });
    expect(await names("storyboard")).toEqual([]);
    expect(await names("premiere")).toEqual(["mascot.png"]);
    await ok("PUT", `/v1/files/${fileId}/properties/${property.id}`, { value: null });
    expect(await names("premiere")).toEqual([]);
  });

  it("a board property's values and option labels are not keywords: the board may be hidden from the searcher", async () => {
    const board = await ok("POST", "/v1/boards", { name: "Pitch" });
    await ok("POST", `/v1/boards/${board.id}/files`, { file_ids: [fileId] });
    const note = await ok("POST", `/v1/boards/${board.id}/properties`, { name: "Pitch note", type: "text" });
    const stage = await ok("POST", `/v1/boards/${board.id}/properties`, {
      name: "Pitch stage",
      type: "status",
      options: [{ label: "Shortlisted", color: "#00aa00" }],
    });
    const valuePath = (id: string) => `/v1/boards/${board.id}/files/${fileId}/properties/${id}`;
    await ok("PUT", valuePath(note.id), { value: "albatross" });
    await ok("PUT", valuePath(stage.id), { value: { option_id: stage.options[0].id } });
    expect(await names("albatross")).toEqual([]);
    expect(await names("shortlisted")).toEqual([]);
    // The file's own search text is still kept: its name and brandspace-wide values.
    expect(await names("mascot")).toEqual(["mascot.png"]);
  });

  it("a typo never joins the end of one field to the start of the next", async () => {
    // Name "mascot.png", then the tag "zebra" on the next line: "pngzebra" is not one word of the file.
    await ok("PATCH", `/v1/files/${fileId}`, { tags: ["zebra"] });
    expect(await names("pngxzebra")).toEqual([]);
    expect(await names("zebra")).toEqual(["mascot.png"]);
  });
});

describe("file search relevance", () => {
  let library: string;

  beforeAll(async () => {
    library = (await api("POST", "/v1/libraries", { body: { name: "Relevance" } })).body.id;
    for (const name of [
      "old brand guide draft.pdf",
      "brand guidelines 2024.pdf",
      "guide to brand.txt",
      "brand guide.pdf",
      "unrelated.txt",
    ]) {
      await uploadBytes(api, Buffer.from(`content of ${name}`), { name, library_id: library });
    }
  });

  const page = async (query: string) => {
    const res = await api("GET", `/v1/files?library_id=${library}&${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as { data: { name: string }[]; next_cursor: string | null; has_more: boolean };
  };

  it("ranks an exact name first, then by score and newest first", async () => {
    const body = await page(`q=${encodeURIComponent("brand guide")}`);
    expect(body.data.map((f) => f.name)).toEqual([
      "brand guide.pdf",
      "guide to brand.txt",
      "brand guidelines 2024.pdf",
      "old brand guide draft.pdf",
    ]);
  });

  it("pages through the same order with limit=1, no repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body: Awaited<ReturnType<typeof page>> = await page(
        `q=${encodeURIComponent("brand guide")}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...body.data.map((f) => f.name));
      cursor = body.next_cursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual([
      "brand guide.pdf",
      "guide to brand.txt",
      "brand guidelines 2024.pdf",
      "old brand guide draft.pdf",
    ]);
  });

  it("keeps an explicit sort", async () => {
    const body = await page(`q=${encodeURIComponent("brand guide")}&sort=name&order=asc`);
    expect(body.data.map((f) => f.name)).toEqual([
      "brand guide.pdf",
      "brand guidelines 2024.pdf",
      "guide to brand.txt",
      "old brand guide draft.pdf",
    ]);
  });

  it("typo-only matches score alike and fall back to newest first", async () => {
    const body = await page(`q=${encodeURIComponent("brnd")}`);
    expect(body.data.map((f) => f.name)).toEqual([
      "brand guide.pdf",
      "guide to brand.txt",
      "brand guidelines 2024.pdf",
      "old brand guide draft.pdf",
    ]);
  });

  it("refuses a relevance cursor on another query", async () => {
    const first = await page(`q=${encodeURIComponent("brand guide")}&limit=1`);
    const res = await api(
      "GET",
      `/v1/files?library_id=${library}&q=brand&limit=1&cursor=${encodeURIComponent(first.next_cursor!)}`,
    );
    expect(res.status).toBe(400);
  });
});

describe("file search relevance of one word", () => {
  let library: string;
  // Uploaded in this order: within a score, the newest comes first.
  const files: { name: string; tags?: string[] }[] = [
    { name: "logo.png" }, // the exact name with its extension: 4 + 3
    { name: "logo-dark.png" }, // starts with the word: 3
    { name: "new logo.png" }, // contains it: 2
    { name: "mark.png", tags: ["logo"] }, // a tag contains it: 1
    { name: "badge.png", tags: ["lgoo"] }, // one typo away: 0.5
    { name: "logo-light.png" }, // starts with it, newer than logo-dark
    { name: "seal.png", tags: ["brand logo"] }, // a tag again, newer than mark
    { name: "unrelated.png" },
  ];
  const expected = [
    "logo.png",
    "logo-light.png",
    "logo-dark.png",
    "new logo.png",
    "seal.png",
    "mark.png",
    "badge.png",
  ];

  beforeAll(async () => {
    library = (await api("POST", "/v1/libraries", { body: { name: "One word" } })).body.id;
    for (const [index, file] of files.entries()) {
      const uploaded = await uploadBytes(api, await solidPng(10 + index, 10), {
        name: file.name,
        library_id: library,
      });
      if (file.tags) {
        const res = await api("PATCH", `/v1/files/${uploaded.id}`, { body: { tags: file.tags } });
        expect(res.status, res.text).toBe(200);
      }
    }
  });

  it("orders by score, then newest first, on one page and page by page", async () => {
    const all = await api("GET", `/v1/files?library_id=${library}&q=logo`);
    expect(all.body.data.map((f: { name: string }) => f.name)).toEqual(expected);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const res = await api("GET", `/v1/files?library_id=${library}&q=logo&limit=2${after}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.map((f: { name: string }) => f.name));
      cursor = res.body.next_cursor;
    } while (cursor && seen.length < 20);
    expect(seen).toEqual(expected);
  });

  it("a typed capital changes nothing", async () => {
    const res = await api("GET", `/v1/files?library_id=${library}&q=LOGO`);
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual(expected);
  });
});

describe("file search dates", () => {
  it("q=last week and q=this week split files by created_at (ISO weeks, UTC)", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Dates" } })).body.id;
    const old = await uploadBytes(api, Buffer.from("old"), { name: "old.txt", library_id: library });
    await uploadBytes(api, Buffer.from("new"), { name: "new.txt", library_id: library });
    const now = new Date();
    const monday =
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
      ((now.getUTCDay() + 6) % 7) * 86_400_000;
    // Thursday noon of last week.
    await service.deps.db
      .update(files)
      .set({ createdAt: new Date(monday - 4 * 86_400_000 + 12 * 3_600_000) })
      .where(eq(files.id, old.id));
    expect((await search("last week", "", library)).names).toEqual(["old.txt"]);
    expect((await search("this week", "", library)).names).toEqual(["new.txt"]);
    expect((await search("last 30 days", "", library)).names).toEqual(["new.txt", "old.txt"]);
    const lastWeek = (await search("last week", "", library)).interpreted;
    expect(lastWeek.created_after).toBe(new Date(monday - 7 * 86_400_000).toISOString());
    expect(lastWeek.created_before).toBe(new Date(monday - 1).toISOString());
  });
});
