import { asc, gt, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TagChange } from "../../contract/files.ts";
import { events } from "../db/schema/index.ts";
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
    await service.createKey(["libraries:read", "files:read", "files:write"], { email: "editor@example.com" }),
  );
});
afterAll(() => service?.close());

const newLibrary = async (name: string) => (await owner("POST", "/v1/libraries", { body: { name } })).body.id;

async function taggedFile(libraryId: string, tags: string[]) {
  const file = await uploadBytes(owner, Buffer.from(tags.join()), { name: "f.txt", library_id: libraryId });
  expect((await owner("PATCH", `/v1/files/${file.id}`, { body: { tags } })).status).toBe(200);
  return file.id as string;
}

const tagsOf = async (fileId: string) => (await owner("GET", `/v1/files/${fileId}`)).body.tags;

/** The `file.updated` events written after this call, by the file they name. */
async function watchUpdates() {
  const [last] = await service.deps.db.select({ seq: max(events.seq) }).from(events);
  return async () => {
    const rows = await service.deps.db
      .select({ type: events.type, data: events.data, actor: events.actorType })
      .from(events)
      .where(gt(events.seq, last?.seq ?? 0))
      .orderBy(asc(events.seq));
    return rows.map((r) => {
      const data = r.data as { id: string; file_type?: string };
      return { type: r.type, actor: r.actor, id: data.id, fileType: data.file_type };
    });
  };
}

describe("renaming a tag", () => {
  it("replaces it where it stands on every file, merges it into a tag the file already has, and emits file.updated per file changed", async () => {
    const library = await newLibrary("Rename");
    const untouched = await taggedFile(library, ["Logo", "dark"]);
    const both = await taggedFile(library, ["logo", "print", "Logo"]);
    const inOrder = await taggedFile(library, ["a", "logo", "b"]);
    const updates = await watchUpdates();
    const res = await owner("POST", "/v1/tags/rename", { body: { from: "logo", to: "Logo" } });
    expect(res.status, res.text).toBe(200);
    expect(TagChange.parse(res.body)).toEqual({
      object: "tag_change",
      from: "logo",
      to: "Logo",
      file_count: 2,
    });
    expect(await tagsOf(untouched)).toEqual(["Logo", "dark"]);
    expect(await tagsOf(both)).toEqual(["Logo", "print"]);
    expect(await tagsOf(inOrder)).toEqual(["a", "Logo", "b"]);
    const written = await updates();
    expect(written.map((e) => [e.type, e.actor])).toEqual([
      ["file.updated", "user"],
      ["file.updated", "user"],
    ]);
    expect(written.map((e) => e.id).sort()).toEqual([both, inOrder].sort());
    // The tags in use follow at once: one tag, on the three files.
    const inUse = await owner("GET", "/v1/tags?q=logo");
    expect(inUse.body.data.map((t: { name: string; file_count: number }) => [t.name, t.file_count])).toEqual([
      ["Logo", 3],
    ]);
    // Again: nothing left to rename, nothing emitted.
    const again = await watchUpdates();
    expect(
      (await owner("POST", "/v1/tags/rename", { body: { from: "logo", to: "Logo" } })).body.file_count,
    ).toBe(0);
    expect(await again()).toEqual([]);
  });

  it("leaves trashed files as they are, and with library_id changes that library's files only", async () => {
    const first = await newLibrary("First");
    const second = await newLibrary("Second");
    const kept = await taggedFile(first, ["spring-24"]);
    const trashed = await taggedFile(first, ["spring-24"]);
    const elsewhere = await taggedFile(second, ["spring-24"]);
    expect((await owner("DELETE", `/v1/files/${trashed}`)).status).toBe(200);
    const res = await owner("POST", "/v1/tags/rename", {
      body: { from: "spring-24", to: "Spring 2024", library_id: first },
    });
    expect(res.body.file_count).toBe(1);
    expect(await tagsOf(kept)).toEqual(["Spring 2024"]);
    expect(await tagsOf(elsewhere)).toEqual(["spring-24"]);
    expect((await owner("POST", `/v1/files/${trashed}/restore`)).status).toBe(200);
    expect(await tagsOf(trashed)).toEqual(["spring-24"]);
  });

  it("a page's tag change arrives as file.updated with file_type canvas, as the spec asks of a page's tag change", async () => {
    const library = await newLibrary("Pages");
    const page = (await owner("POST", "/v1/pages", { body: { title: "Guide", library_id: library } })).body
      .id;
    expect((await owner("PATCH", `/v1/files/${page}`, { body: { tags: ["guide-v1"] } })).status).toBe(200);
    const updates = await watchUpdates();
    const res = await owner("POST", "/v1/tags/rename", { body: { from: "guide-v1", to: "guide-v2" } });
    expect(res.body.file_count).toBe(1);
    expect(await updates()).toEqual([{ type: "file.updated", actor: "user", id: page, fileType: "canvas" }]);
    expect(await tagsOf(page)).toEqual(["guide-v2"]);
  });
});

describe("removing a tag", () => {
  it("takes it off every file that has it and emits file.updated for each", async () => {
    const library = await newLibrary("Remove");
    const one = await taggedFile(library, ["draft", "hero"]);
    const two = await taggedFile(library, ["draft"]);
    const other = await taggedFile(library, ["Draft"]);
    const updates = await watchUpdates();
    const res = await owner("POST", "/v1/tags/remove", { body: { tag: "draft", library_id: library } });
    expect(res.status, res.text).toBe(200);
    expect(TagChange.parse(res.body)).toEqual({
      object: "tag_change",
      from: "draft",
      to: null,
      file_count: 2,
    });
    expect(await tagsOf(one)).toEqual(["hero"]);
    expect(await tagsOf(two)).toEqual([]);
    expect(await tagsOf(other)).toEqual(["Draft"]);
    expect((await updates()).map((e) => e.id).sort()).toEqual([one, two].sort());
  });
});

describe("who may change a tag", () => {
  it("reaches only the libraries the creator can edit: view access and invisible libraries are left alone", async () => {
    const editable = service.seed.libraries.shared;
    const viewOnly = await newLibrary("View only");
    const hidden = await newLibrary("Hidden");
    const grants = await owner("GET", `/v1/libraries/${editable}/grants`);
    const editorId = grants.body.data.find(
      (g: { user: { email: string } }) => g.user.email === "editor@example.com",
    ).user.id;
    expect(
      (await owner("PUT", `/v1/libraries/${viewOnly}/grants/${editorId}`, { body: { access: "view" } }))
        .status,
    ).toBe(200);
    const inEditable = await taggedFile(editable, ["shared-tag"]);
    const inViewOnly = await taggedFile(viewOnly, ["shared-tag"]);
    const inHidden = await taggedFile(hidden, ["shared-tag"]);
    const res = await editor("POST", "/v1/tags/rename", { body: { from: "shared-tag", to: "team-tag" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.file_count).toBe(1);
    expect(await tagsOf(inEditable)).toEqual(["team-tag"]);
    expect(await tagsOf(inViewOnly)).toEqual(["shared-tag"]);
    expect(await tagsOf(inHidden)).toEqual(["shared-tag"]);
    const denied = await editor("POST", "/v1/tags/remove", {
      body: { tag: "shared-tag", library_id: viewOnly },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    const invisible = await editor("POST", "/v1/tags/remove", {
      body: { tag: "shared-tag", library_id: hidden },
    });
    expect(invisible.status).toBe(404);
    expect(await tagsOf(inHidden)).toEqual(["shared-tag"]);
  });

  it("needs files:write and a role that edits files", async () => {
    const reader = apiClient(service.regionalUrl, await service.createKey(["files:read"]));
    const noScope = await reader("POST", "/v1/tags/rename", { body: { from: "a", to: "b" } });
    expect(noScope.status).toBe(403);
    expect(noScope.body.code).toBe("insufficient_scope");
    const viewer = apiClient(
      service.regionalUrl,
      await service.createKey(["files:read", "files:write"], { email: "viewer@example.com" }),
    );
    expect((await viewer("POST", "/v1/tags/remove", { body: { tag: "a" } })).status).toBe(403);
  });
});

describe("bad input", () => {
  it.each([
    ["the same tag", { from: "logo", to: "logo" }, "to"],
    ["an empty tag", { from: " ", to: "b" }, "from"],
    ["a tag over 100 characters", { from: "a", to: "x".repeat(101) }, "to"],
    ["a missing tag", { from: "a" }, "to"],
    ["a number", { from: 1, to: "b" }, "from"],
    ["an unknown field", { from: "a", to: "b", tags: [] }, "tags"],
    ["a NUL byte", { from: "a\u0000b", to: "b" }, "from"],
    ["an empty library id", { from: "a", to: "b", library_id: "" }, "library_id"],
  ])("refuses %s with 400 naming the field", async (_, body, param) => {
    const res = await owner("POST", "/v1/tags/rename", { body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.details.errors.map((e: { param: string }) => e.param)).toContain(param);
  });

  it("answers 404 for a library that does not exist", async () => {
    const res = await owner("POST", "/v1/tags/remove", {
      body: { tag: "a", library_id: "lib_01ARZ3NDEKTSV4RRFFQ69G5FAV" },
    });
    expect(res.status).toBe(404);
  });
});
