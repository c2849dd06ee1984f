import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Property } from "../../contract/properties.ts";
import { events } from "../db/schema/index.ts";
import { addMember, removeMember } from "../members/members.service.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let readOnly: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(["properties:write", "files:write"], { email: "editor@example.com" }),
  );
  readOnly = apiClient(service.regionalUrl, await service.createKey(["properties:read"]));
});
afterAll(() => service?.close());

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

async function create(body: Record<string, unknown>) {
  const res = await owner("POST", "/v1/properties", { body });
  expect(res.status, res.text).toBe(201);
  return Property.parse(res.body);
}

async function newFile() {
  return uploadBytes(owner, await solidPng(), {
    name: `p-${Math.random()}.png`,
    library_id: service.seed.libraries.shared,
  });
}

describe("brandspace properties", () => {
  it("creates every type, appends it last and answers it with its options", async () => {
    const types = ["status", "person", "date", "checkbox", "text", "multi_tag", "tag"] as const;
    const created = [];
    for (const type of types) created.push(await create({ name: `All ${type}`, type }));
    const positions = created.map((p) => p.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(created.map((p) => [p.type, p.selection_mode])).toEqual([
      ["status", "single"],
      ["person", "single"],
      ["date", "single"],
      ["checkbox", "single"],
      ["text", "single"],
      ["multi_tag", "multiple"],
      ["tag", "multiple"],
    ]);
    for (const p of created) {
      expect(p).toMatchObject({
        scope: "brandspace",
        board_id: null,
        hidden: false,
        options: [],
        value_count: 0,
      });
      expect(p.id).toMatch(/^prp_[0-9A-Z]{26}$/);
    }

    const status = await create({
      name: "Approval",
      type: "status",
      options: [{ label: "Draft", color: "#aaaaaa" }, { label: "Approved" }],
    });
    expect(status.options.map((o) => [o.label, o.color, o.position, o.hidden])).toEqual([
      ["Draft", "#aaaaaa", 0, false],
      ["Approved", "#9ca3af", 1, false],
    ]);
    expect(status.options[0]!.id).toMatch(/^opt_[0-9A-Z]{26}$/);
    expect((await owner("GET", `/v1/properties/${status.id}`)).body).toEqual(status);
  });

  it("lists in position order across pages", async () => {
    const first = await owner("GET", "/v1/properties?limit=3");
    expect(first.status).toBe(200);
    const all = [...first.body.data];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const next = await owner("GET", `/v1/properties?limit=3&cursor=${encodeURIComponent(cursor)}`);
      all.push(...next.body.data);
      cursor = next.body.next_cursor;
    }
    const positions = all.map((p: Property) => p.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(all.map((p: Property) => p.id)).size).toBe(all.length);
  });

  it("updates only what is sent, reorders, hides, and never changes the type", async () => {
    const a = await create({ name: "Reorder A", type: "text" });
    const b = await create({ name: "Reorder B", type: "text" });
    const renamed = await owner("PATCH", `/v1/properties/${b.id}`, {
      body: { name: "Campaign", hidden: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: "Campaign",
      hidden: true,
      type: "text",
      position: b.position,
    });

    const moved = await owner("PATCH", `/v1/properties/${b.id}`, { body: { position: 0 } });
    expect(moved.body.position).toBe(0);
    const list = (await owner("GET", "/v1/properties?limit=100")).body.data as Property[];
    expect(list[0]!.id).toBe(b.id);
    expect(list.map((p) => p.position)).toEqual(list.map((_, i) => i));
    expect(list.findIndex((p) => p.id === a.id)).toBeGreaterThan(0);

    const typed = await owner("PATCH", `/v1/properties/${a.id}`, { body: { type: "status" } });
    expect(typed.status).toBe(400);
    expect(typed.body.code).toBe("validation_error");
    expect(typed.body.details.errors).toEqual([
      { param: "type", message: "the type of a property never changes" },
    ]);
    const mode = await owner("PATCH", `/v1/properties/${a.id}`, { body: { selection_mode: "multiple" } });
    expect(mode.status).toBe(400);

    const emitted = await eventsOf(b.id);
    expect(emitted.map((e) => e.type)).toEqual(["property.created", "property.updated", "property.updated"]);
    expect(emitted[1]!.data).toEqual({
      object: "property",
      id: b.id,
      name: "Campaign",
      type: "text",
      scope: "brandspace",
      board_id: null,
    });
  });

  it("manages options, and deleting one clears the values that used it", async () => {
    const channel = await create({
      name: "Channels",
      type: "multi_tag",
      options: [{ label: "Web" }, { label: "Print" }],
    });
    const [web, print] = channel.options;
    const added = await owner("POST", `/v1/properties/${channel.id}/options`, {
      body: { label: "Social", color: "#00ff00", position: 0 },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ object: "option", label: "Social", color: "#00ff00", position: 0 });
    const duplicate = await owner("POST", `/v1/properties/${channel.id}/options`, { body: { label: "web" } });
    expect(duplicate.status).toBe(409);

    const relabelled = await owner("PATCH", `/v1/properties/${channel.id}/options/${print!.id}`, {
      body: { label: "Print ads", hidden: true },
    });
    expect(relabelled.body).toMatchObject({ label: "Print ads", hidden: true });

    const file = await newFile();
    const set = await owner("PUT", `/v1/files/${file.id}/properties/${channel.id}`, {
      body: { value: [{ option_id: web!.id }, { option_id: added.body.id }] },
    });
    expect(set.status, set.text).toBe(200);
    expect((await owner("GET", `/v1/properties/${channel.id}`)).body.value_count).toBe(1);

    const removed = await owner("DELETE", `/v1/properties/${channel.id}/options/${web!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      object: "option",
      id: web!.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    const after = await owner("GET", `/v1/files/${file.id}`);
    expect(
      after.body.properties.find((v: { property_id: string }) => v.property_id === channel.id).multi_tag,
    ).toEqual([{ option_id: added.body.id }]);
    const options = (await owner("GET", `/v1/properties/${channel.id}`)).body.options;
    expect(options.map((o: { label: string; position: number }) => [o.label, o.position])).toEqual([
      ["Social", 0],
      ["Print ads", 1],
    ]);
    expect((await eventsOf(channel.id)).map((e) => e.type)).toEqual([
      "property.created",
      "property.updated",
      "property.updated",
      "property.updated",
    ]);
  });

  it("clears a status value when its option goes, and every value when the property goes", async () => {
    const approval = await create({ name: "Review state", type: "status", options: [{ label: "Open" }] });
    const file = await newFile();
    await owner("PUT", `/v1/files/${file.id}/properties/${approval.id}`, {
      body: { value: { option_id: approval.options[0]!.id } },
    });
    await owner("DELETE", `/v1/properties/${approval.id}/options/${approval.options[0]!.id}`);
    const approvalValue = async () =>
      (await owner("GET", `/v1/files/${file.id}`)).body.properties.find(
        (v: { property_id: string }) => v.property_id === approval.id,
      );
    expect(await approvalValue()).toBeUndefined();

    const text = await create({ name: "Caption", type: "text" });
    await owner("PUT", `/v1/files/${file.id}/properties/${text.id}`, { body: { value: "Summer" } });
    expect((await owner("GET", `/v1/properties/${text.id}`)).body.value_count).toBe(1);
    const deleted = await owner("DELETE", `/v1/properties/${text.id}`);
    expect(deleted.body).toEqual({
      object: "property",
      id: text.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expect((await owner("GET", `/v1/properties/${text.id}`)).status).toBe(404);
    expect((await owner("GET", `/v1/files/${file.id}`)).body.properties).toEqual([]);
    expect((await eventsOf(text.id)).map((e) => e.type)).toEqual(["property.created", "property.deleted"]);
  });

  it("refuses a switch to single selection while files hold several tags", async () => {
    const tags = await create({
      name: "Moods",
      type: "tag",
      options: [{ label: "Calm" }, { label: "Bold" }],
    });
    const file = await newFile();
    await owner("PUT", `/v1/files/${file.id}/properties/${tags.id}`, {
      body: { value: tags.options.map((o) => ({ option_id: o.id })) },
    });
    const single = await owner("PATCH", `/v1/properties/${tags.id}`, { body: { selection_mode: "single" } });
    expect(single.status).toBe(409);
    expect(single.body.details).toEqual({ files: 1 });
  });

  it("validates names, labels, option counts and types with the uniform error body", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", type: "text" }, "name"],
      [{ name: "x".repeat(101), type: "text" }, "name"],
      [{ name: "Bad", type: "rating" }, "type"],
      [{ name: 12, type: "text" }, "name"],
      [{ name: "Bad", type: "text", options: [{ label: "a" }] }, "options"],
      [
        { name: "Bad", type: "status", options: Array.from({ length: 201 }, (_, i) => ({ label: `o${i}` })) },
        "options",
      ],
      [{ name: "Bad", type: "status", options: [{ label: "a", color: "red" }] }, "options.0.color"],
      [{ name: "Bad", type: "text", extra: true }, ""],
      [{ name: "p\nq", type: "text" }, "name"],
      [{ name: "Bad", type: "status", options: [{ label: "a\u202e" }] }, "options.0.label"],
    ];
    for (const [body, param] of cases) {
      const res = await owner("POST", "/v1/properties", { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ object: "error", code: "validation_error" });
      if (param) expect(res.body.details.errors.map((e: { param: string }) => e.param)).toContain(param);
    }
    const untyped = await owner("POST", "/v1/properties", { body: { name: "Bad" } });
    expect(untyped.body.details.errors).toEqual([{ param: "type", message: "is required" }]);
    const text = await create({ name: "No options", type: "text" });
    const option = await owner("POST", `/v1/properties/${text.id}/options`, { body: { label: "a" } });
    expect(option.status).toBe(400);
  });

  it("filters the file list by values set through the API, and hidden properties take no new values", async () => {
    const state = await create({
      name: "Filter state",
      type: "status",
      options: [{ label: "Go" }, { label: "Stop" }],
    });
    const [go, stop] = state.options;
    const a = await newFile();
    const b = await newFile();
    await owner("PUT", `/v1/files/${a.id}/properties/${state.id}`, {
      body: { value: { option_id: go!.id } },
    });
    await owner("PUT", `/v1/files/${b.id}/properties/${state.id}`, {
      body: { value: { option_id: stop!.id } },
    });
    const list = async (filter: unknown) =>
      (
        await owner("GET", `/v1/files?limit=100&filter=${encodeURIComponent(JSON.stringify(filter))}`)
      ).body.data.map((f: { id: string }) => f.id);
    expect(await list({ property_id: state.id, op: "eq", value: go!.id })).toEqual([a.id]);
    expect(await list({ property_id: state.id, op: "in", value: [go!.id, stop!.id] })).toEqual([b.id, a.id]);
    expect(
      await list({
        and: [
          { property_id: state.id, op: "is_not_empty" },
          { field: "name", op: "eq", value: b.name },
        ],
      }),
    ).toEqual([b.id]);

    await owner("PATCH", `/v1/properties/${state.id}`, { body: { hidden: true } });
    const refused = await owner("PUT", `/v1/files/${a.id}/properties/${state.id}`, {
      body: { value: { option_id: stop!.id } },
    });
    expect(refused.status).toBe(409);
    // The value held may be sent again: nothing changes.
    const same = await owner("PUT", `/v1/files/${b.id}/properties/${state.id}`, {
      body: { value: { option_id: stop!.id } },
    });
    expect(same.status, same.text).toBe(200);
    expect(
      (await owner("PUT", `/v1/files/${a.id}/properties/${state.id}`, { body: { value: null } })).status,
    ).toBe(200);
    expect(await list({ property_id: state.id, op: "eq", value: go!.id })).toEqual([]);
  });

  it("a hidden property is cleared by every way of sending no value: null, blank text, an empty list", async () => {
    const notes = await create({ name: "Hidden notes", type: "text" });
    const labels = await create({ name: "Hidden labels", type: "multi_tag", options: [{ label: "A" }] });
    const file = await newFile();
    const put = (propertyId: string, value: unknown) =>
      owner("PUT", `/v1/files/${file.id}/properties/${propertyId}`, { body: { value } });
    expect((await put(notes.id, "keep")).status).toBe(200);
    expect((await put(labels.id, [{ option_id: labels.options[0]!.id }])).status).toBe(200);
    for (const property of [notes, labels])
      await owner("PATCH", `/v1/properties/${property.id}`, { body: { hidden: true } });
    expect((await put(notes.id, "keep")).status).toBe(200);
    expect((await put(notes.id, "other")).status).toBe(409);
    const blank = await put(notes.id, "  ");
    expect(blank.status, blank.text).toBe(200);
    expect(blank.body.text).toBeNull();
    const empty = await put(labels.id, []);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.multi_tag).toBeNull();
    expect((await put(labels.id, [{ option_id: labels.options[0]!.id }])).status).toBe(409);
  });

  it("hidden options take no new files but keep theirs; a held person stays valid after leaving; blank text clears", async () => {
    const stage = await create({
      name: "Stage",
      type: "status",
      options: [{ label: "Draft" }, { label: "Old" }],
    });
    const [draft, old] = stage.options;
    const a = await newFile();
    const b = await newFile();
    const put = (file: string, property: string, value: unknown) =>
      owner("PUT", `/v1/files/${file}/properties/${property}`, { body: { value } });
    expect((await put(a.id, stage.id, { option_id: old!.id })).status).toBe(200);
    await owner("PATCH", `/v1/properties/${stage.id}/options/${old!.id}`, { body: { hidden: true } });
    const emitted = await watchEvents(service.deps.db);
    const refused = await put(b.id, stage.id, { option_id: old!.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ object: "error", code: "conflict" });
    // The file that holds it keeps it, and a retried write of it changes nothing.
    expect((await put(a.id, stage.id, { option_id: old!.id })).status).toBe(200);
    expect((await put(b.id, stage.id, { option_id: draft!.id })).status).toBe(200);
    expect(await emitted()).toEqual(["property.value_updated"]);

    const { brandspaceId } = service.seed;
    const leaver = await addMember(service.deps, {
      brandspaceId,
      email: "leaver@example.com",
      roleSlug: "viewer",
    });
    const owner_ = await create({ name: "Owner of it", type: "person" });
    expect((await put(a.id, owner_.id, { user_id: leaver.userId })).status).toBe(200);
    await removeMember(service.deps, { brandspaceId, email: "leaver@example.com" });
    expect((await put(a.id, owner_.id, { user_id: leaver.userId })).status).toBe(200);
    const newcomer = await put(b.id, owner_.id, { user_id: leaver.userId });
    expect(newcomer.status).toBe(400);
    expect(newcomer.body.details.errors[0].param).toBe("value.user_id");

    const note = await create({ name: "Note", type: "text" });
    expect((await put(a.id, note.id, "Keep")).body.text).toBe("Keep");
    for (const blank of ["", "   "]) {
      const cleared = await put(a.id, note.id, blank);
      expect(cleared.status).toBe(200);
      expect(cleared.body.text).toBeNull();
    }
    const empty = await owner(
      "GET",
      `/v1/files?limit=100&filter=${encodeURIComponent(JSON.stringify({ property_id: note.id, op: "is_empty" }))}`,
    );
    expect(empty.body.data.map((f: { id: string }) => f.id)).toContain(a.id);

    const extra = await put(a.id, stage.id, { option_id: draft!.id, extra: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.details.errors[0]).toMatchObject({
      param: "value.extra",
      message: expect.stringMatching(/^is not a field of this value/),
    });
  });

  it("clears a tag list set to [], and refuses dates and sizes no file can have, in values and filters, with 400", async () => {
    const channels = await create({ name: "Empty channels", type: "multi_tag", options: [{ label: "Web" }] });
    const due = await create({ name: "Due on", type: "date" });
    const file = await newFile();
    const put = (property: string, value: unknown) =>
      owner("PUT", `/v1/files/${file.id}/properties/${property}`, { body: { value } });
    expect((await put(channels.id, [{ option_id: channels.options[0]!.id }])).status).toBe(200);
    const cleared = await put(channels.id, []);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toEqual((await put(channels.id, null)).body);
    const read = await owner("GET", `/v1/files/${file.id}`);
    expect(read.body.properties.map((v: { property_id: string }) => v.property_id)).not.toContain(
      channels.id,
    );
    const counted = await owner("GET", `/v1/properties/${channels.id}`);
    expect(counted.body.value_count).toBe(0);

    for (const start of ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"])
      expect((await put(due.id, { start })).status, start).toBe(200);
    for (const start of [
      "0000-06-01T00:00:00Z",
      "+010000-01-01T00:00:00Z",
      "2026-02-30T00:00:00Z",
      "2026-02-30",
    ])
      expect((await put(due.id, { start })).status, start).toBe(400);
    // A calendar day is its midnight in UTC.
    const day = await put(due.id, { start: "2026-03-01" });
    expect(day.status, day.text).toBe(200);
    expect(day.body.date).toEqual({ start: "2026-03-01T00:00:00.000Z" });

    const list = (filter: unknown) =>
      owner("GET", `/v1/files?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    for (const filter of [
      { field: "size", op: "gt", value: 1.5 },
      { field: "size", op: "gt", value: 1e308 },
      { field: "size", op: "in", value: [1.5, 2] },
      { field: "created_at", op: "gt", value: "99999-01-01" },
      { field: "created_at", op: "gt", value: "0000-01-01T00:00:00Z" },
      { field: "created_at", op: "lt", value: "2026-02-30T00:00:00Z" },
      { property_id: due.id, op: "lte", value: "0000-01-01T00:00:00Z" },
    ]) {
      const res = await list(filter);
      expect(res.status, JSON.stringify(filter)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    // Unknown ids are 400 too: an option the property does not have, and a user who is no member.
    const person = await create({ name: "Reviewer", type: "person" });
    for (const filter of [
      { property_id: channels.id, op: "eq", value: "opt_bogus" },
      { property_id: channels.id, op: "in", value: [channels.options[0]!.id, "opt_bogus"] },
      { property_id: person.id, op: "eq", value: "usr_nope" },
    ]) {
      const res = await list(filter);
      expect(res.status, JSON.stringify(filter)).toBe(400);
    }
    expect((await list({ property_id: channels.id, op: "eq", value: channels.options[0]!.id })).status).toBe(
      200,
    );
    expect(
      (await list({ property_id: person.id, op: "eq", value: service.seed.users.editor.id })).status,
    ).toBe(200);
    expect((await list({ field: "created_at", op: "lt", value: "9999-12-31T00:00:00Z" })).status).toBe(200);
    // A calendar day is its midnight in UTC; one that does not exist is 400.
    expect((await list({ field: "created_at", op: "gte", value: "2026-03-01" })).status).toBe(200);
    for (const value of ["2026-02-30", "0000-01-01"])
      expect((await list({ field: "created_at", op: "gte", value })).status, value).toBe(400);
    expect((await list({ field: "size", op: "gte", value: 0 })).status).toBe(200);
  });

  it("answers 404 for unknown ids and 403 to roles without properties.manage", async () => {
    expect((await owner("GET", "/v1/properties/prp_01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    expect((await owner("PATCH", "/v1/properties/nope", { body: { name: "x" } })).status).toBe(404);
    const p = await create({ name: "Locked", type: "status", options: [{ label: "A" }] });
    expect(
      (await owner("DELETE", `/v1/properties/${p.id}/options/opt_01ARZ3NDEKTSV4RRFFQ69G5FAV`)).status,
    ).toBe(404);

    const denied = await editor("POST", "/v1/properties", { body: { name: "Mine", type: "text" } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    expect((await editor("PATCH", `/v1/properties/${p.id}`, { body: { name: "x" } })).status).toBe(403);
    expect((await editor("GET", `/v1/properties/${p.id}`)).status).toBe(200);

    const scope = await readOnly("POST", "/v1/properties", { body: { name: "Mine", type: "text" } });
    expect(scope.status).toBe(403);
    expect(scope.body.code).toBe("insufficient_scope");
    expect((await readOnly("GET", "/v1/properties")).status).toBe(200);
  });
});

async function tagProperty(name: string) {
  const res = await owner("POST", "/v1/properties", {
    body: { name, type: "tag", options: [{ label: "Red", color: "#ff0000" }, { label: "Blue" }] },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("a property write that changes nothing", () => {
  it("stored fields and position: 200 as stored, no event; a change emits property.updated", async () => {
    const before = await tagProperty("Palette");
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", `/v1/properties/${before.id}`, {
      body: { name: " Palette ", selection_mode: "multiple", hidden: false, position: before.position + 10 },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await owner("GET", `/v1/properties/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const single = await owner("PATCH", `/v1/properties/${before.id}`, {
      body: { selection_mode: "single" },
    });
    expect(single.body.selection_mode).toBe("single");
    expect(await emitted()).toEqual(["property.updated"]);
  });

  it("an option's stored fields: 200 as stored, no event; a change emits property.updated", async () => {
    const target = await tagProperty("Swatches");
    const [red] = target.options;
    const path = `/v1/properties/${target.id}/options/${red.id}`;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", path, {
      body: { label: "Red", color: "#ff0000", hidden: false, position: 0 },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(red);
    expect((await owner("GET", `/v1/properties/${target.id}`)).body).toEqual(target);
    expect(await emitted()).toEqual([]);

    const renamed = await owner("PATCH", path, { body: { label: "Crimson" } });
    expect(renamed.body.label).toBe("Crimson");
    expect(await emitted()).toEqual(["property.updated"]);
  });

  it("a no-op is refused as a change: 403 without properties.manage, 404 for another's option", async () => {
    const target = await tagProperty("Guarded");
    const other = await tagProperty("Other");
    const emitted = await watchEvents(service.deps.db);
    expect((await editor("PATCH", `/v1/properties/${target.id}`, { body: { name: "Guarded" } })).status).toBe(
      403,
    );
    const [red] = other.options;
    const elsewhere = await owner("PATCH", `/v1/properties/${target.id}/options/${red.id}`, {
      body: { label: "Red" },
    });
    expect(elsewhere.status, elsewhere.text).toBe(404);
    expect(await emitted()).toEqual([]);
  });
});
