import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TagInUse } from "../../contract/files.ts";
import { uploadBytes } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(["libraries:write", "files:write"], { email: "editor@example.com" }),
  );
});
afterAll(() => service?.close());

async function taggedFile(api: ApiCall, libraryId: string, name: string, tags: string[]) {
  const file = await uploadBytes(api, Buffer.from(name), { name, library_id: libraryId });
  expect((await api("PATCH", `/v1/files/${file.id}`, { body: { tags } })).status).toBe(200);
  return file.id as string;
}

/** `GET /v1/tags` with these query parameters. */
const listTags = (api: ApiCall, query: Record<string, string | number> = {}) =>
  api("GET", `/v1/tags?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);

const tagsOf = (res: { body: { data: TagInUse[] } }) => res.body.data.map((t) => [t.name, t.file_count]);

describe("tags in use", () => {
  let ownersLibrary: string;
  let editorsLibrary: string;

  beforeAll(async () => {
    ownersLibrary = (await owner("POST", "/v1/libraries", { body: { name: "Owner's" } })).body.id;
    editorsLibrary = (await editor("POST", "/v1/libraries", { body: { name: "Editor's" } })).body.id;
    await taggedFile(owner, ownersLibrary, "a.txt", ["Zebra campaign", "zest"]);
    await taggedFile(owner, ownersLibrary, "b.txt", ["Zebra campaign", "summer-zeal"]);
    const trashed = await taggedFile(owner, ownersLibrary, "c.txt", ["zest", "zen garden"]);
    expect((await owner("DELETE", `/v1/files/${trashed}`)).status).toBe(200);
    await taggedFile(editor, editorsLibrary, "d.txt", ["Zebra campaign", "zodiac"]);
  });

  it("lists the tags of the files the creator can see, the most used first, then by text", async () => {
    const res = await listTags(owner, { q: "z" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    for (const tag of res.body.data) TagInUse.parse(tag);
    // The trashed file's "zen garden" is not offered, and its "zest" is not counted.
    expect(tagsOf(res)).toEqual([
      ["Zebra campaign", 3],
      ["summer-zeal", 1],
      ["zest", 1],
      ["zodiac", 1],
    ]);
  });

  it("counts only what the key's creator can see", async () => {
    const res = await listTags(editor, { q: "z" });
    expect(tagsOf(res)).toEqual([
      ["Zebra campaign", 1],
      ["zodiac", 1],
    ]);
  });

  it("matches the start of the tag or of one of its words, in any case; other text is not a pattern", async () => {
    expect(tagsOf(await listTags(owner, { q: "ZE" }))).toEqual([
      ["Zebra campaign", 3],
      ["summer-zeal", 1],
      ["zest", 1],
    ]);
    expect(tagsOf(await listTags(owner, { q: "camp" }))).toEqual([["Zebra campaign", 3]]);
    expect(tagsOf(await listTags(owner, { q: "ebra" }))).toEqual([]);
    expect(tagsOf(await listTags(owner, { q: ".*" }))).toEqual([]);
    expect(tagsOf(await listTags(owner, { q: "z%" }))).toEqual([]);
  });

  it("pages with a cursor bound to the query", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await listTags(owner, { q: "z", limit: 1, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      seen.push(...res.body.data.map((t: TagInUse) => t.name));
      cursor = res.body.next_cursor ?? undefined;
      if (cursor) {
        const elsewhere = await listTags(owner, { q: "zo", cursor });
        expect(elsewhere.status).toBe(400);
      }
    } while (cursor);
    expect(seen).toEqual(["Zebra campaign", "summer-zeal", "zest", "zodiac"]);
  });

  it("counts one library's files with library_id; a library the creator cannot see is 404", async () => {
    expect(tagsOf(await listTags(owner, { q: "z", library_id: ownersLibrary }))).toEqual([
      ["Zebra campaign", 2],
      ["summer-zeal", 1],
      ["zest", 1],
    ]);
    expect(tagsOf(await listTags(editor, { q: "z", library_id: editorsLibrary }))).toEqual([
      ["Zebra campaign", 1],
      ["zodiac", 1],
    ]);
    // The cursor belongs to its library's listing.
    const first = await listTags(owner, { q: "z", library_id: ownersLibrary, limit: 1 });
    expect(first.body.has_more).toBe(true);
    const elsewhere = await listTags(owner, {
      q: "z",
      library_id: editorsLibrary,
      cursor: first.body.next_cursor,
    });
    expect(elsewhere.status).toBe(400);
    const hidden = await listTags(editor, { library_id: ownersLibrary });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe("not_found");
    expect((await listTags(owner, { library_id: "lib_01ARZ3NDEKTSV4RRFFQ69G5FAV" })).status).toBe(404);
    expect((await listTags(owner, { library_id: "" })).status).toBe(400);
  });

  it("refuses a long query and a key without files:read", async () => {
    const long = await listTags(owner, { q: "z".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe("validation_error");
    const librariesOnly = apiClient(service.regionalUrl, await service.createKey(["libraries:read"]));
    const denied = await listTags(librariesOnly);
    expect(denied.status).toBe(403);
    expect(denied.body.details.required_scope).toBe("files:read");
  });
});
