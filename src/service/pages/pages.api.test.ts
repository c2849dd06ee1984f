import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../contract/errors.ts";
import { Page, PublicPage } from "../../contract/pages.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { events } from "../db/schema/index.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, type ApiResponse, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let viewer: ApiCall;
let visitor: ApiCall;
let imageId: string;
let hiddenImageId: string;
let boardId: string;

beforeAll(async () => {
  service = await startTestService({ workers: true });
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  visitor = apiClient(service.regionalUrl);
  const users = service.seed.users;
  editor = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.editor.email }));
  viewer = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.viewer.email }));
  imageId = (
    await uploadBytes(owner, await solidPng(300, 200), {
      name: "hero.png",
      library_id: service.seed.libraries.shared,
    })
  ).id;
  await waitUntilProcessed(owner, imageId);
  const hidden = await owner("POST", "/v1/libraries", { body: { name: "Owner only" } });
  hiddenImageId = (
    await uploadBytes(owner, await solidPng(), { name: "secret.png", library_id: hidden.body.id })
  ).id;
  boardId = service.seed.boards.shared;
  await owner("POST", `/v1/boards/${boardId}/files`, { body: { file_ids: [imageId] } });
});
afterAll(() => service?.close());

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.parse(res.body).code).toBe(code);
}

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

const content = (blocks: unknown[]) => ({ version: 1, blocks });
const heading = { id: "h1", type: "heading", level: 1, text: "Brand guidelines" };

async function create(body: Record<string, unknown>, api = owner) {
  const res = await api("POST", "/v1/pages", {
    body: { library_id: service.seed.libraries.shared, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return Page.parse(res.body);
}

describe("pages", () => {
  it("creates a page (a file of kind page) with page.created", async () => {
    const page = await create({ title: "Guidelines", content: content([heading]) });
    expect(page).toMatchObject({
      object: "page",
      title: "Guidelines",
      content: { version: 1, blocks: [heading] },
      library_id: service.seed.libraries.shared,
      folder_id: null,
      published: false,
      published_at: null,
      published_url: null,
      created_by_id: service.seed.users.owner.id,
    });
    expect(page.id).toMatch(/^fil_/);
    const file = await owner("GET", `/v1/files/${page.id}`);
    expect(file.body).toMatchObject({ kind: "page", name: "Guidelines", status: "ready" });
    // No versions: the absent active version is null, not an empty id.
    expect(file.body.version).toEqual({ count: 0, active_number: 0, active_id: null });
    const emitted = await eventsOf(page.id);
    expect(emitted.map((e) => e.type)).toEqual(["page.created"]);
    expect(emitted[0]!.data).toEqual({ object: "page", id: page.id, name: "Guidelines" });
  });

  it("validates the block document", async () => {
    const lib = service.seed.libraries.shared;
    for (const bad of [
      content([{ id: "x", type: "video" }]),
      content([{ id: "p", type: "paragraph", runs: [{ text: "hi", link: "javascript:alert(1)" }] }]),
      content([heading, heading]),
      content([{ id: "h", type: "heading", level: 4, text: "x" }]),
      content(Array.from({ length: 501 }, (_, i) => ({ id: `d${i}`, type: "divider" }))),
      { version: 2, blocks: [] },
    ]) {
      expectError(
        await owner("POST", "/v1/pages", { body: { title: "Bad", library_id: lib, content: bad } }),
        400,
        "validation_error",
      );
    }
    expectError(
      await viewer("POST", "/v1/pages", { body: { title: "Nope", library_id: lib } }),
      403,
      "forbidden",
    );
  });

  it("saving content emits page.updated; a rename file.updated with file_type canvas", async () => {
    const page = await create({ title: "Draft" });
    const saved = await owner("PATCH", `/v1/pages/${page.id}`, { body: { content: content([heading]) } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.content.blocks).toEqual([heading]);
    const renamed = await owner("PATCH", `/v1/pages/${page.id}`, { body: { title: "Final" } });
    expect(renamed.body.title).toBe("Final");
    const emitted = await eventsOf(page.id);
    expect(emitted.map((e) => e.type)).toEqual(["page.created", "page.updated", "file.updated"]);
    expect(emitted[2]!.data).toMatchObject({
      object: "file",
      id: page.id,
      name: "Final",
      file_type: "canvas",
    });
    expectError(await owner("PATCH", `/v1/pages/${page.id}`, { body: {} }), 400, "validation_error");
  });

  it("moves, tags, trashes and restores through /v1/files with file.* events carrying file_type canvas", async () => {
    const page = await create({ title: "Moving" });
    const folder = await owner("POST", "/v1/folders", {
      body: { name: "Pages", library_id: service.seed.libraries.shared },
    });
    expect(
      (await owner("POST", `/v1/files/${page.id}/move`, { body: { folder_id: folder.body.id } })).status,
    ).toBe(200);
    expect((await owner("PATCH", `/v1/files/${page.id}`, { body: { tags: ["brand"] } })).status).toBe(200);
    expect((await owner("DELETE", `/v1/files/${page.id}`)).status).toBe(200);
    expect((await owner("POST", `/v1/files/${page.id}/restore`)).status).toBe(200);
    const fileEvents = (await eventsOf(page.id)).filter((e) => e.type.startsWith("file."));
    expect(fileEvents.map((e) => e.type)).toEqual([
      "file.moved",
      "file.updated",
      "file.trashed",
      "file.restored",
    ]);
    for (const e of fileEvents) expect(e.data).toMatchObject({ file_type: "canvas" });
    // Blocks, not bytes: nothing to download, no version to comment on.
    const download = await owner("GET", `/v1/files/${page.id}/download`);
    expect(download.status, download.text).toBe(409);
    expect(download.body.message).toBe("A page has no file to download.");
    const comment = await owner("POST", `/v1/files/${page.id}/comments`, { body: { text: "Nice" } });
    expect(comment.status, comment.text).toBe(409);
    expect(comment.body.message).toBe("A page has no versions to comment on.");
    expect((await owner("GET", `/v1/pages/${page.id}`)).body.folder_id).toBe(folder.body.id);
  });

  it("publishes with a public URL readable without a key, unpublishes, and republishes at a new URL", async () => {
    const page = await create({
      title: "Launch",
      content: content([
        heading,
        { id: "img", type: "image", file_id: imageId, alt: "Hero" },
        { id: "b", type: "board_embed", board_id: boardId },
      ]),
    });
    const published = Page.parse((await owner("POST", `/v1/pages/${page.id}/publish`)).body);
    expect(published.published).toBe(true);
    expect(published.published_url).toMatch(/\/p\/[\w-]{32}$/);
    const token = published.published_url!.split("/p/")[1]!;
    const open = await visitor("GET", `/v1/public/pages/${token}`);
    expect(open.status, open.text).toBe(200);
    const publicPage = PublicPage.parse(open.body);
    expect(publicPage).toMatchObject({
      title: "Launch",
      content: { blocks: expect.arrayContaining([heading]) },
    });
    const image = publicPage.references.files[imageId]!;
    expect(image).toMatchObject({ available: true, name: "hero.png", kind: "image" });
    const bytes = await fetch((image as { preview_url: string }).preview_url);
    expect(bytes.status).toBe(200);
    expect(publicPage.references.boards[boardId]).toMatchObject({ available: true, name: "Campaign 2026" });
    // The page's file says the same; its `published` changes only through the page.
    expect((await owner("GET", `/v1/files/${page.id}`)).body.published).toBe(true);
    expectError(
      await owner("PATCH", `/v1/files/${page.id}`, { body: { published: false } }),
      409,
      "conflict",
    );
    // Publishing again changes nothing.
    expect((await owner("POST", `/v1/pages/${page.id}/publish`)).body.published_url).toBe(
      published.published_url,
    );
    const unpublished = Page.parse((await owner("POST", `/v1/pages/${page.id}/unpublish`)).body);
    expect(unpublished).toMatchObject({ published: false, published_url: null, published_at: null });
    expectError(await visitor("GET", `/v1/public/pages/${token}`), 404, "not_found");
    expect((await owner("GET", `/v1/files/${page.id}`)).body.published).toBe(false);
    const again = Page.parse((await owner("POST", `/v1/pages/${page.id}/publish`)).body);
    expect(again.published_url).not.toBe(published.published_url);
    expect((await eventsOf(page.id)).map((e) => e.type)).toEqual([
      "page.created",
      "page.published",
      "page.unpublished",
      "page.published",
    ]);
    expectError(await visitor("GET", "/v1/public/pages/nope"), 404, "not_found");

    // Trashed through /v1/files, it stops being published as through /v1/pages: its URL ends, page.unpublished.
    expect((await owner("DELETE", `/v1/files/${page.id}`)).status).toBe(200);
    expect((await owner("GET", `/v1/pages/${page.id}`)).body).toMatchObject({
      published: false,
      published_url: null,
    });
    expect((await owner("GET", `/v1/files/${page.id}`)).body.published).toBe(false);
    expect((await eventsOf(page.id)).map((e) => e.type).slice(-2)).toEqual([
      "page.unpublished",
      "file.trashed",
    ]);
  });

  it("shows references a reader cannot see, or that are gone, as unavailable without leaking them", async () => {
    const page = await create({
      title: "Mixed",
      content: content([
        { id: "a", type: "image", file_id: imageId },
        { id: "b", type: "image", file_id: hiddenImageId },
        { id: "c", type: "file_grid", file_ids: ["fil_nope"] },
        { id: "d", type: "board_embed", board_id: service.seed.boards.restricted },
      ]),
    });
    const asEditor = Page.parse((await editor("GET", `/v1/pages/${page.id}`)).body);
    expect(asEditor.references!.files[imageId]).toMatchObject({ available: true });
    expect(asEditor.references!.files[hiddenImageId]).toEqual({ available: false, id: hiddenImageId });
    expect(asEditor.references!.files.fil_nope).toEqual({ available: false, id: "fil_nope" });
    expect(JSON.stringify(asEditor.references)).not.toContain("secret.png");
    const asViewer = Page.parse((await viewer("GET", `/v1/pages/${page.id}`)).body);
    expect(asViewer.references!.boards[service.seed.boards.restricted]).toEqual({
      available: false,
      id: service.seed.boards.restricted,
    });
  });

  it("shows a visitor only what both the last publisher and the last saver of the content can see", async () => {
    const publicReferences = async (pageId: string) => {
      const url = Page.parse((await owner("GET", `/v1/pages/${pageId}`)).body).published_url!;
      const open = await visitor("GET", `/v1/public/pages/${url.split("/p/")[1]}`);
      expect(open.status, open.text).toBe(200);
      return PublicPage.parse(open.body).references;
    };
    // The owner names a file only the owner can see, and publishes: it is the owner's to show.
    const page = await create({
      title: "Shared work",
      content: content([{ id: "a", type: "image", file_id: hiddenImageId }]),
    });
    await owner("POST", `/v1/pages/${page.id}/publish`);
    expect((await publicReferences(page.id)).files[hiddenImageId]).toMatchObject({ available: true });

    // An editor who cannot see that file saves the content, naming it again: no longer shown to the world.
    const named = content([
      { id: "a", type: "image", file_id: hiddenImageId },
      { id: "b", type: "file_grid", file_ids: [imageId] },
    ]);
    expect((await editor("PATCH", `/v1/pages/${page.id}`, { body: { content: named } })).status).toBe(200);
    const afterEditor = await publicReferences(page.id);
    expect(afterEditor.files[hiddenImageId]).toEqual({ available: false, id: hiddenImageId });
    expect(afterEditor.files[imageId]).toMatchObject({ available: true });
    expect(JSON.stringify(afterEditor)).not.toContain("secret.png");

    // The owner saves it again: the owner's choice to show it.
    await owner("PATCH", `/v1/pages/${page.id}`, { body: { content: named } });
    expect((await publicReferences(page.id)).files[hiddenImageId]).toMatchObject({ available: true });

    // An editor who publishes a page naming what the editor cannot see does not show it either.
    await owner("POST", `/v1/pages/${page.id}/unpublish`);
    expect((await editor("POST", `/v1/pages/${page.id}/publish`)).status).toBe(200);
    expect((await publicReferences(page.id)).files[hiddenImageId]).toEqual({
      available: false,
      id: hiddenImageId,
    });
  });

  it("lists pages, and deletes them: trash then permanent, page.deleted each time, unpublished", async () => {
    const page = await create({ title: "To delete" });
    await owner("POST", `/v1/pages/${page.id}/publish`);
    const list = await owner("GET", "/v1/pages?limit=100");
    expect(list.body.data.map((p: { id: string }) => p.id)).toContain(page.id);
    expect(list.body.data[0].references).toBeNull();
    // Ordered by the updated_at each page shows, newest first, a rename included; cursors follow that order.
    const older = await create({ title: "Older" });
    await create({ title: "Newer" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await owner("PATCH", `/v1/pages/${older.id}`, { body: { title: "Older, renamed" } });
    const ordered = (await owner("GET", "/v1/pages?limit=100")).body.data as {
      id: string;
      updated_at: string;
    }[];
    expect(ordered[0]!.id).toBe(older.id);
    const times = ordered.map((p) => p.updated_at);
    expect(times).toEqual([...times].sort().reverse());
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const at: string = `/v1/pages?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const next = (await owner("GET", at)).body;
      paged.push(...next.data.map((p: { id: string }) => p.id));
      cursor = next.next_cursor;
    } while (cursor);
    expect(paged).toEqual(ordered.map((p) => p.id));
    const trashed = await owner("DELETE", `/v1/pages/${page.id}`);
    expect(trashed.body).toMatchObject({ object: "page", id: page.id, deleted: true, permanent: false });
    expect(
      (await owner("GET", "/v1/pages?limit=100")).body.data.map((p: { id: string }) => p.id),
    ).not.toContain(page.id);
    expect((await owner("GET", `/v1/pages/${page.id}`)).body.published).toBe(false);
    const gone = await owner("DELETE", `/v1/pages/${page.id}?permanent=true`);
    expect(gone.body).toMatchObject({ deleted: true, permanent: true, trashed_at: null });
    expectError(await owner("GET", `/v1/pages/${page.id}`), 404, "not_found");
    expect((await eventsOf(page.id)).map((e) => e.type)).toEqual([
      "page.created",
      "page.published",
      "page.unpublished",
      "page.deleted",
      "page.deleted",
    ]);
    expectError(await owner("GET", `/v1/pages/${imageId}`), 404, "not_found");
  });

  it("a published page deleted for good through /v1/files ends its publication first: page.unpublished", async () => {
    const page = await create({ title: "Gone at once" });
    await owner("POST", `/v1/pages/${page.id}/publish`);
    expect((await owner("DELETE", `/v1/files/${page.id}?permanent=true`)).status).toBe(200);
    expect((await eventsOf(page.id)).map((e) => e.type)).toEqual([
      "page.created",
      "page.published",
      "page.unpublished",
      "file.deleted",
    ]);
  });
});

describe("a page write that changes nothing", () => {
  const blocks = [
    { id: "h1", type: "heading", level: 1, text: "Brand guidelines" },
    {
      id: "p1",
      type: "paragraph",
      runs: [
        { text: "Use the ", bold: true },
        { text: "logo", link: "https://x.test" },
      ],
    },
    { id: "d1", type: "divider" },
  ];

  async function pageOfBlocks(title: string) {
    const res = await owner("POST", "/v1/pages", {
      body: { title, content: { version: 1, blocks }, library_id: service.seed.libraries.shared },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  it("stored title and content: 200 as stored, no event; new ones emit once each", async () => {
    const before = await pageOfBlocks("Guidelines");
    const path = `/v1/pages/${before.id}`;
    const emitted = await watchEvents(service.deps.db);
    // The same document with its keys in another order is the same content.
    const reordered = {
      blocks: blocks.map((block) => Object.fromEntries(Object.entries(block).reverse())),
      version: 1,
    };
    const same = await owner("PATCH", path, { body: { title: " Guidelines ", content: reordered } });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await owner("GET", path)).body.updated_at).toBe(before.updated_at);
    expect((await owner("GET", `/v1/files/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const renamed = await owner("PATCH", path, { body: { title: "Rules", content: { version: 1, blocks } } });
    expect(renamed.body.title).toBe("Rules");
    expect(await emitted()).toEqual(["file.updated"]);
    const saved = await owner("PATCH", path, {
      body: { title: "Rules", content: { version: 1, blocks: [] } },
    });
    expect(saved.body.content.blocks).toEqual([]);
    expect(await emitted()).toEqual(["file.updated", "page.updated"]);
  });

  it("the same content saved by another member is a save: it becomes theirs, with page.updated", async () => {
    const target = await pageOfBlocks("Handbook");
    const emitted = await watchEvents(service.deps.db);
    const res = await editor("PATCH", `/v1/pages/${target.id}`, {
      body: { content: { version: 1, blocks } },
    });
    expect(res.status, res.text).toBe(200);
    expect(await emitted()).toEqual(["page.updated"]);
    expect(
      (await editor("PATCH", `/v1/pages/${target.id}`, { body: { content: { version: 1, blocks } } })).body,
    ).toEqual(res.body);
    expect(await emitted()).toEqual(["page.updated"]);
  });

  it("a no-op is refused as a change: 403 without pages.create, 409 in the trash", async () => {
    const target = await pageOfBlocks("Guarded");
    const emitted = await watchEvents(service.deps.db);
    expect((await viewer("PATCH", `/v1/pages/${target.id}`, { body: { title: "Guarded" } })).status).toBe(
      403,
    );
    expect((await owner("DELETE", `/v1/pages/${target.id}`)).status).toBe(200);
    expect((await owner("PATCH", `/v1/pages/${target.id}`, { body: { title: "Guarded" } })).status).toBe(409);
    expect(await emitted()).toEqual(["page.deleted"]);
  });
});
