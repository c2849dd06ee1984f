import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Folder, FolderDetail } from "../../contract/folders.ts";
import { rowsOf } from "../db/client.ts";
import { events } from "../db/schema/index.ts";
import { uploadBytes } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;
let viewer: ApiCall;
let libraryId: string;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(["libraries:write"], { email: "viewer@example.com" }),
  );
  libraryId = (await api("POST", "/v1/libraries", { body: { name: "Folders lab" } })).body.id;
});
afterAll(() => service?.close());

async function folder(name: string, parentId?: string, library = libraryId) {
  const res = await api("POST", "/v1/folders", {
    body: { name, library_id: library, ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Folder.parse(res.body);
}
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((f) => f.name);

async function eventTypesFor(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id).map((e) => `${e.type}:${e.actorType}`);
}

describe("folders", () => {
  it("creates nested folders and reports path and child counts", async () => {
    const a = await folder("A");
    const b = await folder("B", a.id);
    const c = await folder("C", b.id);
    expect(c).toMatchObject({ library_id: libraryId, parent_id: b.id, color: null, trashed_at: null });
    const detail = FolderDetail.parse((await api("GET", `/v1/folders/${c.id}`)).body);
    expect(detail.path).toEqual([
      { id: a.id, name: "A" },
      { id: b.id, name: "B" },
    ]);
    const aDetail = (await api("GET", `/v1/folders/${a.id}`)).body;
    expect(aDetail).toMatchObject({ path: [], folder_count: 1, file_count: 0 });
    expect(await eventTypesFor(a.id)).toEqual(["folder.created:user"]);
  });

  it("lists a library's top level, a folder's children, and recursively", async () => {
    const lib = (await api("POST", "/v1/libraries", { body: { name: "Listing" } })).body.id;
    const top1 = await folder("Top 1", undefined, lib);
    await folder("Top 2", undefined, lib);
    const child = await folder("Child", top1.id, lib);
    await folder("Grandchild", child.id, lib);
    expect(names(await api("GET", `/v1/folders?library_id=${lib}`))).toEqual(["Top 1", "Top 2"]);
    expect(names(await api("GET", `/v1/folders?folder_id=${top1.id}`))).toEqual(["Child"]);
    expect(names(await api("GET", `/v1/folders?folder_id=${top1.id}&recursive=true`))).toEqual([
      "Child",
      "Grandchild",
    ]);
    expect(names(await api("GET", `/v1/folders?library_id=${lib}&recursive=true`))).toEqual([
      "Child",
      "Grandchild",
      "Top 1",
      "Top 2",
    ]);
    const page = await api("GET", `/v1/folders?library_id=${lib}&recursive=true&limit=3`);
    expect(page.body.has_more).toBe(true);
    const next = await api(
      "GET",
      `/v1/folders?library_id=${lib}&recursive=true&limit=3&cursor=${encodeURIComponent(page.body.next_cursor)}`,
    );
    expect(names(next)).toEqual(["Top 2"]);
    expect(names(await api("GET", `/v1/folders?library_id=${lib}&folder_id=${top1.id}`))).toEqual(["Child"]);
    const other = (await api("POST", "/v1/libraries", { body: { name: "Listing elsewhere" } })).body.id;
    const mismatch = await api("GET", `/v1/folders?library_id=${other}&folder_id=${top1.id}`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.errors[0].param).toBe("folder_id");
  });

  it("renames and recolours", async () => {
    const f = await folder("Old");
    const res = await api("PATCH", `/v1/folders/${f.id}`, { body: { name: "New", color: "#ff0066" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "New", color: "#ff0066" });
    // The short form is a hex colour too, kept as sent.
    const short = await api("PATCH", `/v1/folders/${f.id}`, { body: { color: "#F06" } });
    expect(short.body).toMatchObject({ color: "#F06" });
    for (const color of ["red", "#ff00", "#ff00661", "ff0066", "#ggg"])
      expect((await api("PATCH", `/v1/folders/${f.id}`, { body: { color } })).status, color).toBe(400);
    expect((await api("PATCH", `/v1/folders/${f.id}`, { body: { name: "a/b" } })).status).toBe(400);
    expect(await eventTypesFor(f.id)).toEqual([
      "folder.created:user",
      "folder.updated:user",
      "folder.updated:user",
    ]);
  });

  it("moves within and across libraries, refusing cycles", async () => {
    const other = (await api("POST", "/v1/libraries", { body: { name: "Other" } })).body.id;
    const root = await folder("Movable");
    const inner = await folder("Inner", root.id);
    const deep = await folder("Deep", inner.id);
    const emptyId = await api("POST", `/v1/folders/${root.id}/move`, { body: { folder_id: "" } });
    expect(emptyId.status).toBe(400);
    expect(emptyId.body.details.errors).toEqual([{ param: "folder_id", message: "must not be empty" }]);
    const intoSelf = await api("POST", `/v1/folders/${root.id}/move`, { body: { folder_id: root.id } });
    expect(intoSelf.status).toBe(400);
    const intoDescendant = await api("POST", `/v1/folders/${root.id}/move`, { body: { folder_id: deep.id } });
    expect(intoDescendant.status).toBe(400);
    expect((await api("POST", `/v1/folders/${root.id}/move`, { body: {} })).status).toBe(400);
    expect(
      (await api("POST", `/v1/folders/${root.id}/move`, { body: { folder_id: inner.id, library_id: other } }))
        .status,
    ).toBe(400);

    const carried = await uploadBytes(api, Buffer.from("deep"), { name: "deep.txt", folder_id: deep.id });
    const before = (await service.deps.db.select().from(events)).length;
    const moved = await api("POST", `/v1/folders/${root.id}/move`, { body: { library_id: other } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ library_id: other, parent_id: null });
    expect((await api("GET", `/v1/folders/${deep.id}`)).body.library_id).toBe(other);
    // Its file and folders changed library with it: told as moved, by the system, before the folder's own event.
    const emitted = (await service.deps.db.select().from(events).orderBy(asc(events.seq))).slice(before);
    expect(emitted.map((e) => `${e.type}:${e.actorType}`)).toEqual([
      "file.moved:system",
      "folder.moved:system",
      "folder.moved:system",
      "folder.moved:user",
    ]);
    expect(emitted.slice(1, 3).map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { object: "folder", id: inner.id, name: "Inner", library_id: other, parent_id: root.id },
        { object: "folder", id: deep.id, name: "Deep", library_id: other, parent_id: inner.id },
      ]),
    );
    expect(emitted[0]).toMatchObject({ actorType: "system", actorId: null });
    expect(emitted[0]!.data).toEqual({
      object: "file",
      id: carried.id,
      name: "deep.txt",
      library_id: other,
      folder_id: deep.id,
    });

    const target = await folder("Target");
    const back = await api("POST", `/v1/folders/${inner.id}/move`, { body: { folder_id: target.id } });
    expect(back.body).toMatchObject({ library_id: libraryId, parent_id: target.id });
    expect((await api("GET", `/v1/folders/${deep.id}`)).body).toMatchObject({
      library_id: libraryId,
      path: [{ id: target.id }, { id: inner.id }],
    });
    expect(await eventTypesFor(root.id)).toContain("folder.moved:user");
  });

  it("trash hides the subtree; restore brings back what it hid, not what was trashed before", async () => {
    const parent = await folder("Trash parent");
    const kept = await folder("Trash kept", parent.id);
    const ownTrash = await folder("Trashed on its own", parent.id);
    expect((await api("DELETE", `/v1/folders/${ownTrash.id}`)).status).toBe(200);

    const trashed = await api("DELETE", `/v1/folders/${parent.id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({ object: "folder", id: parent.id, deleted: true, permanent: false });
    expect(Date.parse(trashed.body.trashed_at)).not.toBeNaN();
    expect((await api("GET", `/v1/folders/${kept.id}`)).status).toBe(404);
    expect(names(await api("GET", `/v1/folders?library_id=${libraryId}`))).not.toContain("Trash parent");
    expect(names(await api("GET", `/v1/folders?trashed=true&library_id=${libraryId}`))).toEqual([
      "Trash parent",
      "Trashed on its own",
    ]);
    expect((await api("DELETE", `/v1/folders/${parent.id}`)).status).toBe(409);
    expect((await api("PATCH", `/v1/folders/${parent.id}`, { body: { name: "x" } })).body).toMatchObject({
      status: 409,
      message: "The folder is in the trash: restore it first.",
    });
    expect(
      (await api("POST", `/v1/folders/${parent.id}/move`, { body: { library_id: libraryId } })).status,
    ).toBe(409);
    // Hidden with its trashed parent: not readable, so unknown.
    expect((await api("PATCH", `/v1/folders/${kept.id}`, { body: { name: "x" } })).status).toBe(404);

    const restored = await api("POST", `/v1/folders/${parent.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.trashed_at).toBeNull();
    expect(names(await api("GET", `/v1/folders?folder_id=${parent.id}`))).toEqual(["Trash kept"]);
    expect((await api("POST", `/v1/folders/${parent.id}/restore`)).status).toBe(409);

    const alone = await api("POST", `/v1/folders/${ownTrash.id}/restore`);
    expect(alone.body.parent_id).toBe(parent.id);
    expect(await eventTypesFor(parent.id)).toEqual([
      "folder.created:user",
      "folder.trashed:user",
      "folder.restored:user",
    ]);
  });

  it("restores to the library's top level when the original parent is in the trash", async () => {
    const parent = await folder("Gone parent");
    const child = await folder("Orphan", parent.id);
    await api("DELETE", `/v1/folders/${child.id}`);
    await api("DELETE", `/v1/folders/${parent.id}`);
    const restored = await api("POST", `/v1/folders/${child.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.parent_id).toBeNull();
  });

  it("permanent deletion removes the folder with its contents", async () => {
    const doomed = await folder("Doomed");
    const below = await folder("Below", doomed.id);
    const res = await api("DELETE", `/v1/folders/${doomed.id}?permanent=true`);
    expect(res.body).toEqual({
      object: "folder",
      id: doomed.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expect((await api("GET", `/v1/folders/${doomed.id}`)).status).toBe(404);
    expect((await api("GET", `/v1/folders/${below.id}`)).status).toBe(404);
    expect(await eventTypesFor(doomed.id)).toEqual(["folder.created:user", "folder.deleted:user"]);
    expect((await api("DELETE", `/v1/folders/${doomed.id}?permanent=maybe`)).status).toBe(400);
  });

  it("deletes a folder for good that holds more files than one statement may carry parameters", async () => {
    const crowded = await folder("Crowded");
    const count = 70_000; // over PostgreSQL's 65,535 parameters a statement
    await service.deps.db.transaction(async (tx) => {
      // Without the search triggers, which would take a minute here; nothing below searches.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
      insert into files (id, brandspace_id, library_id, folder_id, name, extension, kind, mime, size, status, created_by_id)
      select 'fil_crowd' || n, ${service.seed.brandspaceId}, ${libraryId}, ${crowded.id}, 'f' || n || '.txt', 'txt',
        'document', 'text/plain', 1, 'ready', ${service.seed.users.owner.id}
      from generate_series(1, ${count}) as n`);
    });
    const res = await api("DELETE", `/v1/folders/${crowded.id}?permanent=true`);
    expect(res.status, res.text).toBe(200);
    expect((await api("GET", "/v1/files/fil_crowd1")).status).toBe(404);
    const [deleted] = rowsOf<{ n: number }>(
      await service.deps.db.execute(
        sql`select count(*)::int as n from events where type = 'file.deleted' and data->>'folder_id' = ${crowded.id}`,
      ),
    );
    expect(deleted!.n).toBe(count);
  }, 60_000);

  it("a cycle of parents written into the database by hand is listed and deleted, not walked forever", async () => {
    const a = await folder("Loop A");
    const b = await folder("Loop B", a.id);
    await service.deps.db.execute(sql`update folders set parent_id = ${b.id} where id = ${a.id}`);
    const listed = await api("GET", `/v1/folders?folder_id=${a.id}&recursive=true`);
    expect(listed.status, listed.text).toBe(200);
    expect((await api("GET", `/v1/files?folder_id=${a.id}&recursive=true`)).status).toBe(200);
    expect((await api("DELETE", `/v1/folders/${a.id}?permanent=true`)).status).toBe(200);
  });

  it("refuses bad parents and respects library visibility", async () => {
    const other = (await api("POST", "/v1/libraries", { body: { name: "Elsewhere" } })).body.id;
    const foreign = await folder("Foreign", undefined, other);
    const wrongLibrary = await api("POST", "/v1/folders", {
      body: { name: "x", library_id: libraryId, parent_id: foreign.id },
    });
    expect(wrongLibrary.status).toBe(400);
    expect((await api("POST", "/v1/folders", { body: { name: "x", library_id: "lib_nope" } })).status).toBe(
      404,
    );
    // An empty parent id names no folder: not the top level, which is parent_id null or left out.
    const emptyParent = await api("POST", "/v1/folders", {
      body: { name: "x", library_id: libraryId, parent_id: "" },
    });
    expect(emptyParent.status, emptyParent.text).toBe(400);
    expect(emptyParent.body.details.errors[0].param).toBe("parent_id");
    const restricted = service.seed.libraries.restricted;
    const secret = await folder("Secret", undefined, restricted);
    expect((await viewer("GET", `/v1/folders/${secret.id}`)).status).toBe(404);
    expect((await viewer("GET", `/v1/folders?library_id=${restricted}`)).status).toBe(404);
    expect(
      (
        await viewer("POST", "/v1/folders", {
          body: { name: "v", library_id: service.seed.libraries.shared },
        })
      ).status,
    ).toBe(403);
    expect(names(await viewer("GET", "/v1/folders?recursive=true"))).not.toContain("Secret");
  });
});

describe("a folder write that changes nothing", () => {
  // On the team's shared library, where the viewer has view access only.
  let sharedLibraryId: string;
  beforeAll(() => {
    sharedLibraryId = service.seed.libraries.shared;
  });

  async function colouredFolder(name: string, parentId?: string) {
    const res = await api("POST", "/v1/folders", {
      body: {
        name,
        library_id: sharedLibraryId,
        color: "#1a2b3c",
        ...(parentId ? { parent_id: parentId } : {}),
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  it("stored name and colour: 200 as stored, no event; a rename emits folder.updated", async () => {
    const before = await colouredFolder("Same");
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", `/v1/folders/${before.id}`, {
      body: { name: " Same ", color: "#1a2b3c" },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await api("GET", `/v1/folders/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const renamed = await api("PATCH", `/v1/folders/${before.id}`, {
      body: { name: "Other", color: "#1a2b3c" },
    });
    expect(renamed.body.name).toBe("Other");
    expect(await emitted()).toEqual(["folder.updated"]);
  });

  it("a move to where it is: 200 as stored, no event; a real move emits folder.moved", async () => {
    const parent = await colouredFolder("Parent");
    const child = await colouredFolder("Child", parent.id);
    const top = await colouredFolder("Top");
    const emitted = await watchEvents(service.deps.db);
    const stay = await api("POST", `/v1/folders/${child.id}/move`, { body: { folder_id: parent.id } });
    expect(stay.status, stay.text).toBe(200);
    expect(stay.body).toEqual(child);
    const stayTop = await api("POST", `/v1/folders/${top.id}/move`, {
      body: { library_id: sharedLibraryId },
    });
    expect(stayTop.body).toEqual(top);
    expect(await emitted()).toEqual([]);

    const moved = await api("POST", `/v1/folders/${child.id}/move`, {
      body: { library_id: sharedLibraryId },
    });
    expect(moved.body).toMatchObject({ parent_id: null });
    expect(await emitted()).toEqual(["folder.moved"]);
  });

  it("a no-op is refused as a change: a viewer's 403, a trashed folder's 409, a cycle's 400", async () => {
    const target = await colouredFolder("Guarded");
    const emitted = await watchEvents(service.deps.db);
    expect((await viewer("PATCH", `/v1/folders/${target.id}`, { body: { name: "Guarded" } })).status).toBe(
      403,
    );
    const intoItself = await api("POST", `/v1/folders/${target.id}/move`, { body: { folder_id: target.id } });
    expect(intoItself.status, intoItself.text).toBe(400);
    expect((await api("DELETE", `/v1/folders/${target.id}`)).status).toBe(200);
    expect((await api("PATCH", `/v1/folders/${target.id}`, { body: { name: "Guarded" } })).status).toBe(409);
    expect(await emitted()).toEqual(["folder.trashed"]);
  });
});
