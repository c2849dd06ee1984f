import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Board, BoardWithProperties } from "../../contract/boards.ts";
import { events } from "../db/schema/index.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
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
    await service.createKey(["boards:write"], { email: "editor@example.com" }),
  );
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(["boards:write"], { email: "viewer@example.com" }),
  );
});
afterAll(() => service?.close());

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

async function allBoards(api: ApiCall, limit = 2) {
  const boards: Board[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const page = await api("GET", `/v1/boards?limit=${limit}${query}`);
    expect(page.status).toBe(200);
    boards.push(...page.body.data);
    cursor = page.body.next_cursor;
  } while (cursor);
  return boards;
}

describe("boards", () => {
  it("creates, reads, updates and deletes a board, one event per change", async () => {
    const created = await owner("POST", "/v1/boards", { body: { name: " Summer launch ", emoji: "🌞" } });
    expect(created.status, created.text).toBe(201);
    const board = Board.parse(created.body);
    expect(board).toMatchObject({
      name: "Summer launch",
      emoji: "🌞",
      color: "#6366f1",
      logo_url: null,
      pinned: false,
      my_access: "manage",
      created_by_id: service.seed.users.owner.id,
    });
    expect(board.id).toMatch(/^brd_[0-9A-Z]{26}$/);

    // Only the board returned by update carries its properties (interface spec, Board).
    const read = (await owner("GET", `/v1/boards/${board.id}`)).body;
    expect(Board.parse(read)).toMatchObject({ id: board.id });
    expect(read).not.toHaveProperty("properties");
    expect(created.body).not.toHaveProperty("properties");
    const listed = (await owner("GET", "/v1/boards?limit=100")).body.data;
    expect(listed.find((b: { id: string }) => b.id === board.id)).not.toHaveProperty("properties");

    const patched = await owner("PATCH", `/v1/boards/${board.id}`, {
      body: { color: "#112233", pinned: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: "Summer launch",
      emoji: "🌞",
      color: "#112233",
      pinned: true,
    });
    expect(BoardWithProperties.parse(patched.body).properties).toEqual([]);

    const deleted = await owner("DELETE", `/v1/boards/${board.id}`);
    expect(deleted.body).toEqual({
      object: "board",
      id: board.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expect((await owner("GET", `/v1/boards/${board.id}`)).status).toBe(404);
    const emitted = await eventsOf(board.id);
    expect(emitted.map((e) => e.type)).toEqual(["board.created", "board.updated", "board.deleted"]);
    expect(emitted[0]!.data).toEqual({ object: "board", id: board.id, name: "Summer launch" });
  });

  it("lists pinned boards first, then by position, across pages", async () => {
    const made: Board[] = [];
    for (const name of ["Order A", "Order B", "Order C"]) {
      made.push((await owner("POST", "/v1/boards", { body: { name } })).body);
    }
    await owner("PATCH", `/v1/boards/${made[2]!.id}`, { body: { pinned: true } });
    await owner("PATCH", `/v1/boards/${made[1]!.id}`, { body: { position: 0 } });
    const boards = await allBoards(owner);
    expect(boards[0]!.id).toBe(made[2]!.id);
    const unpinned = boards.filter((b) => !b.pinned);
    expect(unpinned[0]!.id).toBe(made[1]!.id);
    expect(unpinned.map((b) => b.position)).toEqual(
      [...unpinned.map((b) => b.position)].sort((a, b) => a - b),
    );
    expect(new Set(boards.map((b) => b.id)).size).toBe(boards.length);
  });

  it("shows a creator without boards.manage_all only its granted boards, with its access", async () => {
    const ownerOnly = (await owner("POST", "/v1/boards", { body: { name: "Owner only" } })).body;
    const seen = await allBoards(viewer, 100);
    expect(seen.map((b) => [b.id, b.my_access])).toEqual([[service.seed.boards.shared, "view"]]);
    expect((await viewer("GET", `/v1/boards/${ownerOnly.id}`)).status).toBe(404);
    expect((await viewer("PATCH", `/v1/boards/${ownerOnly.id}`, { body: { name: "x" } })).status).toBe(404);

    const editorSees = await allBoards(editor, 100);
    expect(editorSees.map((b) => b.my_access).sort()).toEqual(["comment", "edit"]);
    const denied = await viewer("PATCH", `/v1/boards/${service.seed.boards.shared}`, { body: { name: "x" } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    expect((await viewer("POST", "/v1/boards", { body: { name: "Mine" } })).status).toBe(403);

    const mine = await editor("POST", "/v1/boards", { body: { name: "Editor board" } });
    expect(mine.status).toBe(201);
    expect(mine.body.my_access).toBe("manage");
    expect((await editor("DELETE", `/v1/boards/${service.seed.boards.shared}`)).status).toBe(403);
  });

  it("validates names, colours, emoji and logo URLs", async () => {
    const cases: Record<string, unknown>[] = [
      { name: "" },
      { name: "x".repeat(101) },
      { name: "B", color: "blue" },
      { name: "B", emoji: "ab" },
      { name: "B", logo_url: "javascript:alert(1)" },
      { name: "B", logo_url: "https://user:secret@127.0.0.1/logo.png" },
      { name: "B", logo_url: "https://token@127.0.0.1/logo.png" },
      { name: "B", pinned: "yes" },
      { name: "B\u0000" },
      { name: "line1\nline2" },
      { name: "\u202Eevil" },
    ];
    for (const body of cases) {
      const res = await owner("POST", "/v1/boards", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    expect((await owner("PATCH", `/v1/boards/${service.seed.boards.shared}`, { body: {} })).status).toBe(400);
  });
});

describe("board properties", () => {
  it("are scoped to their board, emit board.property events and come with the board", async () => {
    const board = (await owner("POST", "/v1/boards", { body: { name: "With properties" } })).body;
    const created = await owner("POST", `/v1/boards/${board.id}/properties`, {
      body: { name: "Stage", type: "status", options: [{ label: "Idea" }, { label: "Live" }] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ scope: "board", board_id: board.id, position: 0 });
    const property = created.body;

    const listed = await owner("GET", `/v1/boards/${board.id}/properties`);
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([property.id]);
    expect(
      (await owner("GET", "/v1/properties?limit=100")).body.data.map((p: { id: string }) => p.id),
    ).not.toContain(property.id);
    expect((await owner("GET", `/v1/properties/${property.id}`)).status).toBe(404);

    const option = await owner("POST", `/v1/boards/${board.id}/properties/${property.id}/options`, {
      body: { label: "Retired" },
    });
    expect(option.status).toBe(201);
    await owner("PATCH", `/v1/boards/${board.id}/properties/${property.id}`, { body: { name: "Phase" } });
    const patched = await owner("PATCH", `/v1/boards/${board.id}`, { body: { name: "With props" } });
    expect(patched.body.properties.map((p: { name: string }) => p.name)).toEqual(["Phase"]);

    await owner("DELETE", `/v1/boards/${board.id}/properties/${property.id}/options/${option.body.id}`);
    await owner("DELETE", `/v1/boards/${board.id}/properties/${property.id}`);
    const emitted = await eventsOf(property.id);
    expect(emitted.map((e) => e.type)).toEqual([
      "board.property.created",
      "board.property.updated",
      "board.property.updated",
      "board.property.updated",
      "board.property.deleted",
    ]);
    expect(emitted[0]!.data).toEqual({
      object: "property",
      id: property.id,
      name: "Stage",
      type: "status",
      scope: "board",
      board_id: board.id,
    });
  });

  it("need view access to read and edit access to change", async () => {
    const shared = service.seed.boards.shared;
    const restricted = service.seed.boards.restricted;
    const made = await editor("POST", `/v1/boards/${shared}/properties`, {
      body: { name: "Owner", type: "person" },
    });
    expect(made.status).toBe(201);
    expect((await viewer("GET", `/v1/boards/${shared}/properties`)).status).toBe(200);
    expect(
      (await viewer("POST", `/v1/boards/${shared}/properties`, { body: { name: "x", type: "text" } })).status,
    ).toBe(403);
    expect(
      (await editor("POST", `/v1/boards/${restricted}/properties`, { body: { name: "x", type: "text" } }))
        .status,
    ).toBe(403);
    expect((await viewer("GET", `/v1/boards/${restricted}/properties`)).status).toBe(404);
    expect((await viewer("GET", `/v1/boards/${restricted}/properties/${made.body.id}`)).status).toBe(404);
  });

  it("go with their board", async () => {
    const board = (await owner("POST", "/v1/boards", { body: { name: "Doomed" } })).body;
    const property = (
      await owner("POST", `/v1/boards/${board.id}/properties`, { body: { name: "Notes", type: "text" } })
    ).body;
    await owner("DELETE", `/v1/boards/${board.id}`);
    expect((await owner("GET", `/v1/boards/${board.id}/properties/${property.id}`)).status).toBe(404);
  });
});

async function pinnedBoard(name: string) {
  const res = await owner("POST", "/v1/boards", { body: { name, color: "#112233", emoji: "🎯" } });
  expect(res.status, res.text).toBe(201);
  return (await owner("PATCH", `/v1/boards/${res.body.id}`, { body: { pinned: true } })).body;
}

describe("a board write that changes nothing", () => {
  it("stored fields and position: 200 as stored, no event; a change emits board.updated", async () => {
    const before = await pinnedBoard("Same");
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", `/v1/boards/${before.id}`, {
      body: { name: "Same", color: "#112233", emoji: "🎯", logo_url: null, pinned: true, position: 1_000 },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await owner("GET", `/v1/boards/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const unpinned = await owner("PATCH", `/v1/boards/${before.id}`, {
      body: { name: "Same", pinned: false },
    });
    expect(unpinned.body.pinned).toBe(false);
    expect(await emitted()).toEqual(["board.updated"]);
    const moved = await owner("PATCH", `/v1/boards/${before.id}`, { body: { position: 0 } });
    expect(moved.body.position).toBe(0);
    expect(await emitted()).toEqual(["board.updated", "board.updated"]);
  });

  it("a board property or option PATCH with stored values: 200 unchanged, no event", async () => {
    const target = await pinnedBoard("Properties");
    const created = await owner("POST", `/v1/boards/${target.id}/properties`, {
      body: { name: "Stage", type: "status", options: [{ label: "Draft" }, { label: "Final" }] },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/boards/${target.id}/properties/${created.body.id}`;
    const [draft] = created.body.options;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", path, { body: { name: "Stage", hidden: false, position: 0 } });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(created.body);
    const option = await owner("PATCH", `${path}/options/${draft.id}`, {
      body: { label: "Draft", color: draft.color, hidden: false, position: 0 },
    });
    expect(option.status, option.text).toBe(200);
    expect(option.body).toEqual(draft);
    expect((await owner("GET", path)).body.updated_at).toBe(created.body.updated_at);
    expect(await emitted()).toEqual([]);

    await owner("PATCH", `${path}/options/${draft.id}`, { body: { position: 1 } });
    expect(await emitted()).toEqual(["board.property.updated"]);
  });

  it("setting a board value the file holds writes and emits nothing; a new one emits once", async () => {
    const target = await pinnedBoard("Values");
    const shared = service.seed.libraries.shared;
    const fileId = (await uploadBytes(owner, await solidPng(), { name: "on-board.png", library_id: shared }))
      .id;
    await owner("POST", `/v1/boards/${target.id}/files`, { body: { file_ids: [fileId] } });
    const property = (
      await owner("POST", `/v1/boards/${target.id}/properties`, {
        body: { name: "Approved", type: "checkbox" },
      })
    ).body;
    const path = `/v1/boards/${target.id}/files/${fileId}/properties/${property.id}`;
    const emitted = await watchEvents(service.deps.db);
    const cleared = await owner("PUT", path, { body: { value: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await emitted()).toEqual([]);
    expect((await owner("PUT", path, { body: { value: false } })).body.checkbox).toBe(false);
    expect(await emitted()).toEqual(["board.file.property_updated"]);
    const again = await owner("PUT", path, { body: { value: false } });
    expect(again.body).toMatchObject({ property_id: property.id, checkbox: false });
    expect(await emitted()).toEqual(["board.file.property_updated"]);
  });

  it("a no-op by a caller with view access only is still 403", async () => {
    const shared = service.seed.boards.shared;
    const { name } = (await owner("GET", `/v1/boards/${shared}`)).body;
    const emitted = await watchEvents(service.deps.db);
    const res = await viewer("PATCH", `/v1/boards/${shared}`, { body: { name } });
    expect(res.status, res.text).toBe(403);
    expect(await emitted()).toEqual([]);
  });
});
