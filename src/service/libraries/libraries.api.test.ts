import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Library, LibraryDetail } from "../../contract/libraries.ts";
import { events } from "../db/schema/index.ts";
import { uploadBytes } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let viewer: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(["libraries:write"], { email: "editor@example.com" }),
  );
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(["libraries:write"], { email: "viewer@example.com" }),
  );
});
afterAll(() => service?.close());

const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((l) => l.name);

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

describe("libraries", () => {
  it("creates, reads, updates and deletes a library, emitting one event per change", async () => {
    const created = await owner("POST", "/v1/libraries", {
      body: { name: "  Product Shots ", description: "Packshots" },
    });
    expect(created.status).toBe(201);
    const library = Library.parse(created.body);
    expect(library).toMatchObject({
      name: "Product Shots",
      description: "Packshots",
      created_by_id: service.seed.users.owner.id,
    });
    expect(library.id).toMatch(/^lib_[0-9A-Z]{26}$/);

    const detail = await owner("GET", `/v1/libraries/${library.id}`);
    expect(LibraryDetail.parse(detail.body)).toMatchObject({
      id: library.id,
      file_count: 0,
      folder_count: 0,
      size: 0,
    });

    const renamed = await owner("PATCH", `/v1/libraries/${library.id}`, { body: { name: "Packshots" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Packshots", description: "Packshots" });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(library.updated_at));

    const deleted = await owner("DELETE", `/v1/libraries/${library.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      object: "library",
      id: library.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expect((await owner("GET", `/v1/libraries/${library.id}`)).status).toBe(404);
    expect((await owner("DELETE", `/v1/libraries/${library.id}`)).status).toBe(404);

    const emitted = await eventsOf(library.id);
    expect(emitted.map((e) => e.type)).toEqual(["library.created", "library.updated", "library.deleted"]);
    for (const e of emitted) {
      expect(e.actorType).toBe("user");
      expect(e.actorId).toBe(service.seed.users.owner.id);
      expect(e.id).toMatch(/^evt_[0-9A-Z]{26}$/);
    }
    expect(emitted[0]!.data).toEqual({ object: "library", id: library.id, name: "Product Shots" });
    expect(emitted[2]!.data).toEqual({ object: "library", id: library.id, name: "Packshots" });
  });

  it("deleting a library tells of every file it took with it: file.deleted by the system, then library.deleted", async () => {
    const lib = (await owner("POST", "/v1/libraries", { body: { name: "Going away" } })).body;
    const folder = (await owner("POST", "/v1/folders", { body: { name: "Inside", library_id: lib.id } }))
      .body;
    const top = await uploadBytes(owner, Buffer.from("top"), { name: "top.txt", library_id: lib.id });
    const deep = await uploadBytes(owner, Buffer.from("deep"), { name: "deep.txt", folder_id: folder.id });
    const trashed = await uploadBytes(owner, Buffer.from("old"), { name: "old.txt", library_id: lib.id });
    await owner("DELETE", `/v1/files/${trashed.id}`);
    const before = (await service.deps.db.select().from(events)).length;
    expect((await owner("DELETE", `/v1/libraries/${lib.id}`)).status).toBe(200);
    const emitted = (await service.deps.db.select().from(events).orderBy(asc(events.seq))).slice(before);
    expect(emitted.map((e) => e.type)).toEqual([
      "file.deleted",
      "file.deleted",
      "file.deleted",
      "library.deleted",
    ]);
    const fileEvents = emitted.slice(0, 3);
    expect(fileEvents.map((e) => (e.data as { id: string }).id).sort()).toEqual(
      [top.id, deep.id, trashed.id].sort(),
    );
    expect(fileEvents.every((e) => e.actorType === "system" && e.actorId === null)).toBe(true);
    expect(fileEvents.find((e) => (e.data as { id: string }).id === deep.id)!.data).toEqual({
      object: "file",
      id: deep.id,
      name: "deep.txt",
      library_id: lib.id,
      folder_id: folder.id,
    });
  });

  it("PATCH takes only name and description", async () => {
    const lib = (await owner("POST", "/v1/libraries", { body: { name: "Patch rules" } })).body;
    expect(lib.description).toBeNull();
    const described = await owner("PATCH", `/v1/libraries/${lib.id}`, { body: { description: "Rules" } });
    expect(described.body.description).toBe("Rules");
    const cleared = await owner("PATCH", `/v1/libraries/${lib.id}`, { body: { description: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.description).toBeNull();
    expect((await owner("PATCH", `/v1/libraries/${lib.id}`, { body: {} })).status).toBe(400);
    expect((await owner("PATCH", `/v1/libraries/${lib.id}`, { body: { created_by_id: "x" } })).status).toBe(
      400,
    );
    expect((await owner("PATCH", `/v1/libraries/${lib.id}`, { body: { name: "" } })).status).toBe(400);
    expect(
      (await owner("PATCH", `/v1/libraries/${lib.id}`, { body: { name: "n".repeat(256) } })).status,
    ).toBe(400);
    expect(
      (await owner("PATCH", `/v1/libraries/${lib.id}`, { body: { description: "d".repeat(2001) } })).status,
    ).toBe(400);
  });

  it("lists only the libraries the creator can see; invisible ones are 404", async () => {
    expect(names(await owner("GET", "/v1/libraries"))).toEqual(
      expect.arrayContaining(["Brand Assets", "Confidential Launches"]),
    );
    expect(names(await editor("GET", "/v1/libraries"))).toEqual(["Brand Assets", "Confidential Launches"]);
    expect(names(await viewer("GET", "/v1/libraries"))).toEqual(["Brand Assets"]);
    const restricted = service.seed.libraries.restricted;
    expect((await viewer("GET", `/v1/libraries/${restricted}`)).status).toBe(404);
    expect((await viewer("PATCH", `/v1/libraries/${restricted}`, { body: { name: "x" } })).status).toBe(404);
    expect((await viewer("DELETE", `/v1/libraries/${restricted}`)).status).toBe(404);
  });

  it("role and grant bound what a visible library allows", async () => {
    const shared = service.seed.libraries.shared;
    const viewerPatch = await viewer("PATCH", `/v1/libraries/${shared}`, { body: { name: "Mine now" } });
    expect(viewerPatch.status).toBe(403);
    expect(viewerPatch.body.code).toBe("forbidden");
    expect((await viewer("POST", "/v1/libraries", { body: { name: "Viewer's" } })).status).toBe(403);
    expect(
      (await editor("PATCH", `/v1/libraries/${shared}`, { body: { description: "Edited" } })).status,
    ).toBe(200);
    expect((await editor("DELETE", `/v1/libraries/${shared}`)).status).toBe(403);
  });

  it("a library an editor creates is theirs to see and manage", async () => {
    const created = await editor("POST", "/v1/libraries", { body: { name: "Editor's own" } });
    expect(created.status).toBe(201);
    expect(names(await editor("GET", "/v1/libraries"))).toContain("Editor's own");
    expect(names(await viewer("GET", "/v1/libraries"))).not.toContain("Editor's own");
    expect((await editor("DELETE", `/v1/libraries/${created.body.id}`)).status).toBe(200);
  });

  it("events carry occurred_at with milliseconds in commit order", async () => {
    const a = (await owner("POST", "/v1/libraries", { body: { name: "Order A" } })).body;
    const b = (await owner("POST", "/v1/libraries", { body: { name: "Order B" } })).body;
    const [ea] = await eventsOf(a.id);
    const [eb] = await eventsOf(b.id);
    expect(ea!.seq).toBeLessThan(eb!.seq);
    expect(ea!.occurredAt.toISOString()).toMatch(/\.\d{3}Z$/);
    const stored = await service.deps.db.select().from(events).where(eq(events.id, ea!.id));
    expect(stored[0]!.brandspaceId).toBe(service.seed.brandspaceId);
  });
});

describe("a library write that changes nothing", () => {
  it("stored name and description: 200 as stored, no event; a change emits library.updated", async () => {
    const before = (await owner("POST", "/v1/libraries", { body: { name: "Same", description: "Kept" } }))
      .body;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", `/v1/libraries/${before.id}`, {
      body: { name: " Same ", description: "Kept" },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await owner("GET", `/v1/libraries/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const cleared = await owner("PATCH", `/v1/libraries/${before.id}`, {
      body: { name: "Same", description: null },
    });
    expect(cleared.body).toMatchObject({ name: "Same", description: null });
    expect(await emitted()).toEqual(["library.updated"]);
    expect((await owner("PATCH", `/v1/libraries/${before.id}`, { body: { description: null } })).status).toBe(
      200,
    );
    expect(await emitted()).toEqual(["library.updated"]);
  });

  it("a no-op is refused as a change: a viewer's 403, an unknown library's 404", async () => {
    const shared = service.seed.libraries.shared;
    const { name } = (await owner("GET", `/v1/libraries/${shared}`)).body;
    const emitted = await watchEvents(service.deps.db);
    expect((await viewer("PATCH", `/v1/libraries/${shared}`, { body: { name } })).status).toBe(403);
    expect((await owner("PATCH", "/v1/libraries/lib_unknown", { body: { name } })).status).toBe(404);
    expect(await emitted()).toEqual([]);
  });
});
