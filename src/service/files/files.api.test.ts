import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { File, FileBase } from "../../contract/files.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { properties, propertyOptions } from "../db/schema/index.ts";
import { startWorkers, type Workers } from "../jobs/workers.ts";
import { newId } from "../platform/ids.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, type ApiResponse, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { counterChange } from "../testing/usage-counter.ts";

let service: TestService;
let api: ApiCall;
let viewer: ApiCall;
let libraryId: string;
let folderId: string;
let subfolderId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.viewer.email }),
  );
  libraryId = (await api("POST", "/v1/libraries", { body: { name: "Files" } })).body.id;
  folderId = (await api("POST", "/v1/folders", { body: { name: "Campaign", library_id: libraryId } })).body
    .id;
  subfolderId = (
    await api("POST", "/v1/folders", { body: { name: "Social", library_id: libraryId, parent_id: folderId } })
  ).body.id;
  const png = await solidPng(20, 20);
  ids.top = (await uploadBytes(api, png, { name: "top.png", library_id: libraryId })).id;
  ids.inFolder = (
    await uploadBytes(api, Buffer.from("hello world, a plain note"), {
      name: "note.txt",
      folder_id: folderId,
    })
  ).id;
  ids.deep = (
    await uploadBytes(api, await solidPng(300, 10), { name: "Banner wide.png", folder_id: subfolderId })
  ).id;
});
afterAll(() => service?.close());

const listed = async (query: string) => {
  const res = await api("GET", `/v1/files?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((f: { name: string }) => f.name).sort();
};

/** Downloads go through the service's content route on the disk store, and straight to the bucket on S3. */
const servedByService = () => service.deps.blobs.kind === "disk";

describe("file list scope", () => {
  it("library_id alone is the top level; folder_id a folder; recursive everything below", async () => {
    expect(await listed(`library_id=${libraryId}`)).toEqual(["top.png"]);
    expect(await listed(`library_id=${libraryId}&recursive=true`)).toEqual([
      "Banner wide.png",
      "note.txt",
      "top.png",
    ]);
    expect(await listed(`folder_id=${folderId}`)).toEqual(["note.txt"]);
    expect(await listed(`folder_id=${folderId}&recursive=true`)).toEqual(["Banner wide.png", "note.txt"]);
    // An empty id names no library or folder: 400 naming it, not every file.
    for (const list of ["files", "folders"]) {
      for (const scope of ["library_id", "folder_id"]) {
        const res = await api("GET", `/v1/${list}?${scope}=`);
        expect(res.status, `${list} ${scope}`).toBe(400);
        expect(res.body.details.errors).toEqual([{ param: scope, message: "must not be empty" }]);
      }
    }
  });

  it("library detail counts active files, folders and bytes", async () => {
    const detail = await api("GET", `/v1/libraries/${libraryId}`);
    expect(detail.body).toMatchObject({ file_count: 3, folder_count: 2 });
    expect(detail.body.size).toBeGreaterThan(0);
  });

  it("carries the base fields only", async () => {
    const res = await api("GET", `/v1/files?library_id=${libraryId}`);
    const item = FileBase.strict().parse(res.body.data[0]);
    expect(item.folder_id).toBeNull();
  });

  it("include=properties adds each file's brandspace property values, as retrieve shows them", async () => {
    const status = (
      await api("POST", "/v1/properties", {
        body: { name: "Approval", type: "status", options: [{ label: "Approved" }] },
      })
    ).body;
    const note = (await api("POST", "/v1/properties", { body: { name: "Usage note", type: "text" } })).body;
    const approved = status.options[0].id;
    for (const [propertyId, value] of [
      [status.id, { option_id: approved }],
      [note.id, "Web only"],
    ])
      expect(
        (await api("PUT", `/v1/files/${ids.top}/properties/${propertyId}`, { body: { value } })).status,
      ).toBe(200);
    // A board's own values stay with the board's listing.
    const board = (await api("POST", "/v1/boards", { body: { name: "Include check" } })).body;
    const boardProperty = (
      await api("POST", `/v1/boards/${board.id}/properties`, { body: { name: "Pick", type: "checkbox" } })
    ).body;
    await api("POST", `/v1/boards/${board.id}/files`, { body: { file_ids: [ids.top] } });
    await api("PUT", `/v1/boards/${board.id}/files/${ids.top}/properties/${boardProperty.id}`, {
      body: { value: true },
    });

    const res = await api(
      "GET",
      `/v1/files?library_id=${libraryId}&recursive=true&sort=name&include=properties`,
    );
    expect(res.status, res.text).toBe(200);
    const byName = new Map(res.body.data.map((f: { name: string }) => [f.name, f]));
    const retrieved = (await api("GET", `/v1/files/${ids.top}`)).body;
    expect(byName.get("top.png")).toEqual({ ...FileBase.parse(retrieved), properties: retrieved.properties });
    expect(retrieved.properties.map((v: { property_id: string }) => v.property_id)).toEqual([
      status.id,
      note.id,
    ]);
    expect(byName.get("note.txt")).toMatchObject({ properties: [] });

    // What an item carries does not bind the cursor: the next page serves either way.
    const first = await api(
      "GET",
      `/v1/files?library_id=${libraryId}&recursive=true&limit=1&include=properties`,
    );
    const next = await api(
      "GET",
      `/v1/files?library_id=${libraryId}&recursive=true&limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(next.status, next.text).toBe(200);
    expect(next.body.data[0]).not.toHaveProperty("properties");

    const unknown = await api("GET", `/v1/files?include=properties,renditions`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.errors[0].param).toBe("include.1");
  });
});

describe("file list filters", () => {
  it("extensions naming one format (jpg, jpeg) each mean both, as in q", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Formats" } })).body.id;
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer();
    await uploadBytes(api, jpeg, { name: "short.jpg", library_id: library });
    await uploadBytes(api, jpeg, { name: "long.jpeg", library_id: library });
    for (const extensions of ["jpg", "jpeg", ".JPEG"])
      expect(await listed(`library_id=${library}&extensions=${extensions}`)).toEqual([
        "long.jpeg",
        "short.jpg",
      ]);
  });

  it("filters by kind, extension, size, dates and uploader", async () => {
    const base = `library_id=${libraryId}&recursive=true`;
    expect(await listed(`${base}&kind=document`)).toEqual(["note.txt"]);
    expect(await listed(`${base}&kind=image,document`)).toHaveLength(3);
    expect(await listed(`${base}&extensions=png`)).toEqual(["Banner wide.png", "top.png"]);
    expect(await listed(`${base}&max_size=100`)).toEqual(["note.txt"]);
    expect(await listed(`${base}&min_size=101`)).toEqual(["Banner wide.png", "top.png"]);
    // Sizes are numbers of bytes: a fraction bounds the whole sizes on its side (the note has 25 bytes).
    expect(await listed(`${base}&max_size=25.5`)).toEqual(["note.txt"]);
    expect(await listed(`${base}&max_size=24.5`)).toEqual([]);
    expect(await listed(`${base}&min_size=24.5&max_size=25`)).toEqual(["note.txt"]);
    expect(await listed(`${base}&min_size=25.5&max_size=100`)).toEqual([]);
    for (const bad of ["min_size=-1", "max_size=abc", "min_size=1e3", "max_size=9007199254740992"])
      expect((await api("GET", `/v1/files?${bad}`)).status, bad).toBe(400);
    expect(
      await listed(`${base}&created_after=2000-01-01T00:00:00Z&created_before=2999-01-01T00:00:00Z`),
    ).toHaveLength(3);
    expect(await listed(`${base}&created_after=2999-01-01T00:00:00Z`)).toEqual([]);
    expect(await listed(`${base}&uploaded_by=${service.seed.users.owner.id}`)).toHaveLength(3);
    expect(await listed(`${base}&uploaded_by=${service.seed.users.editor.id}`)).toEqual([]);
    // An id that names no member (now or before) is a mistake, not a filter that matches nothing.
    const owner = service.seed.users.owner.id;
    for (const query of [
      `uploaded_by=${owner},usr_01ARZ3NDEKTSV4RRFFQ69G5FAV`,
      `uploaded_by=abc`,
      `filter=${encodeURIComponent(JSON.stringify({ field: "created_by_id", op: "in", value: [owner, "abc"] }))}`,
    ]) {
      const refused = await api("GET", `/v1/files?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.details.errors[0].param).toBe(query.split("=")[0]);
    }
    const byFilter = { field: "created_by_id", op: "eq", value: owner };
    expect(await listed(`${base}&filter=${encodeURIComponent(JSON.stringify(byFilter))}`)).toHaveLength(3);
    expect((await api("GET", "/v1/files?kind=hologram")).status).toBe(400);
    // A list sent empty, or with an empty item, names nothing: never "no filter", which would answer every file.
    for (const query of [
      "uploaded_by=",
      `uploaded_by=${owner},`,
      "kind=",
      "kind=image,,video",
      "extensions= ",
    ]) {
      const refused = await api("GET", `/v1/files?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.details.errors, query).toEqual([
        { param: query.split("=")[0], message: "must not be empty, nor hold an empty item" },
      ]);
    }
    expect((await api("GET", `/v1/files?q=${"x".repeat(501)}`)).status).toBe(400);
    // Characters, not UTF-16 units: 500 emoji are within the limit.
    expect((await api("GET", `/v1/files?q=${encodeURIComponent("🎨".repeat(500))}`)).status).toBe(200);
    expect((await api("GET", `/v1/files?q=${encodeURIComponent("🎨".repeat(501))}`)).status).toBe(400);
  });

  it("applies the filter document", async () => {
    const base = `library_id=${libraryId}&recursive=true`;
    const f = (doc: unknown) => `${base}&filter=${encodeURIComponent(JSON.stringify(doc))}`;
    expect(await listed(f({ field: "name", op: "contains", value: "banner" }))).toEqual(["Banner wide.png"]);
    expect(await listed(f({ not: { field: "kind", op: "eq", value: "image" } }))).toEqual(["note.txt"]);
    expect(
      await listed(
        f({
          or: [
            { field: "extension", op: "eq", value: "txt" },
            { field: "name", op: "eq", value: "top.png" },
          ],
        }),
      ),
    ).toEqual(["note.txt", "top.png"]);
    expect(
      await listed(
        f({
          and: [
            { field: "size", op: "gt", value: 0 },
            { field: "kind", op: "in", value: ["image"] },
          ],
        }),
      ),
    ).toHaveLength(2);
  });

  it("refuses a top-level or combined with the flat filters, and malformed documents", async () => {
    const or = encodeURIComponent(JSON.stringify({ or: [{ field: "kind", op: "eq", value: "image" }] }));
    const clash = await api("GET", `/v1/files?filter=${or}&extensions=png&kind=image&min_size=1`);
    expect(clash.status).toBe(400);
    expect(clash.body.code).toBe("validation_error");
    // Every clashing parameter is named, so that a client can fix them all at once.
    expect(clash.body.details.errors.map((e: { param: string }) => e.param).sort()).toEqual([
      "extensions",
      "kind",
      "min_size",
    ]);
    expect((await api("GET", `/v1/files?filter=${or}&library_id=${libraryId}`)).status).toBe(200);
    for (const bad of [
      "{",
      "[]",
      '{"field":"colour","op":"eq","value":1}',
      '{"property_id":"prp_nope","op":"is_empty"}',
      '{"field":"size","op":"gt","value":"big"}',
      '{"field":"kind","op":"eq","value":"banana"}',
      '{"field":"status","op":"in","value":["ready","banana"]}',
      '{"field":"tags","op":"is_empty","value":5}',
    ]) {
      expect((await api("GET", `/v1/files?filter=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
    // Groups nest five deep, the condition inside them not counted; a sixth group is refused.
    let deep: unknown = { field: "kind", op: "eq", value: "image" };
    for (const group of ["and", "not", "or", "not", "and"])
      deep = group === "not" ? { not: deep } : { [group]: [deep] };
    expect((await api("GET", `/v1/files?filter=${encodeURIComponent(JSON.stringify(deep))}`)).status).toBe(
      200,
    );
    for (const deeper of [{ not: deep }, { and: [deep] }]) {
      const answer = await api("GET", `/v1/files?filter=${encodeURIComponent(JSON.stringify(deeper))}`);
      expect(answer.status).toBe(400);
      expect(answer.body.details.errors[0].message).toBe("nests groups more than 5 deep");
    }
    expect((await api("GET", `/v1/files?filter=${"x".repeat(4097)}`)).status).toBe(400);
  });
});

describe("sort and keyset pagination", () => {
  it("walks every sort in both orders without gaps or repeats", async () => {
    for (const sort of ["name", "size", "created_at"]) {
      for (const order of ["asc", "desc"]) {
        const all = await api(
          "GET",
          `/v1/files?library_id=${libraryId}&recursive=true&sort=${sort}&order=${order}&limit=100`,
        );
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const page: ApiResponse = await api(
            "GET",
            `/v1/files?library_id=${libraryId}&recursive=true&sort=${sort}&order=${order}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          );
          ids.push(...page.body.data.map((d: { id: string }) => d.id));
          cursor = page.body.next_cursor;
        } while (cursor);
        expect(ids, `${sort} ${order}`).toEqual(all.body.data.map((d: { id: string }) => d.id));
      }
    }
    const byNameDefault = await api("GET", `/v1/files?library_id=${libraryId}&recursive=true&sort=name`);
    const names = byNameDefault.body.data.map((d: { name: string }) => d.name);
    const caseless = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    expect(names, "order defaults to desc for every sort").toEqual([...names].sort(caseless).reverse());
    const bySize = await api("GET", `/v1/files?library_id=${libraryId}&recursive=true&sort=size&order=asc`);
    const sizes = bySize.body.data.map((d: { size: number }) => d.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });

  it("orders names without regard to case, files and folders alike, page after page", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Case order" } })).body.id;
    const names = ["Zebra.png", "apple.png", "cherry.png", "Banana.png"];
    for (const name of names) await uploadBytes(api, Buffer.from(name), { name, library_id: library });
    for (const name of ["gamma", "Beta", "alpha"])
      await api("POST", "/v1/folders", { body: { name, library_id: library } });
    const walk = async (path: string) => {
      const shown: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ApiResponse = await api(
          "GET",
          `${path}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        shown.push(...page.body.data.map((item: { name: string }) => item.name));
        cursor = page.body.next_cursor;
      } while (cursor);
      return shown;
    };
    const ascending = ["apple.png", "Banana.png", "cherry.png", "Zebra.png"];
    expect(await walk(`/v1/files?library_id=${library}&sort=name&order=asc`)).toEqual(ascending);
    expect(await walk(`/v1/files?library_id=${library}&sort=name&order=desc`)).toEqual(
      [...ascending].reverse(),
    );
    expect(await walk(`/v1/folders?library_id=${library}`)).toEqual(["alpha", "Beta", "gamma"]);
  });

  it("refuses a cursor with other parameters", async () => {
    const page = await api("GET", `/v1/files?library_id=${libraryId}&recursive=true&limit=1`);
    const other = await api(
      "GET",
      `/v1/files?library_id=${libraryId}&recursive=true&sort=name&cursor=${encodeURIComponent(page.body.next_cursor)}`,
    );
    expect(other.status).toBe(400);
  });
});

describe("file operations", () => {
  it("retrieves, renames, tags and publishes; extension does not change on rename", async () => {
    const res = await api("PATCH", `/v1/files/${ids.top}`, {
      body: { name: "renamed.jpeg", tags: ["logo", "logo", " red "], published: true },
    });
    expect(res.status).toBe(200);
    expect(File.parse(res.body)).toMatchObject({
      name: "renamed.jpeg",
      extension: "png",
      tags: ["logo", "red"],
      published: true,
    });
    expect(
      await listed(
        `library_id=${libraryId}&filter=${encodeURIComponent(JSON.stringify({ field: "tags", op: "eq", value: "red" }))}`,
      ),
    ).toEqual(["renamed.jpeg"]);
    expect((await api("PATCH", `/v1/files/${ids.top}`, { body: { kind: "video" } })).status).toBe(400);
  });

  it("moves and copies with exactly one destination", async () => {
    expect((await api("POST", `/v1/files/${ids.top}/move`, { body: {} })).status).toBe(400);
    // An empty id names no folder: 400, not a move to the library's top level.
    const empty = await api("POST", `/v1/files/${ids.top}/move`, { body: { folder_id: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.details.errors).toEqual([{ param: "folder_id", message: "must not be empty" }]);
    expect(
      (await api("POST", `/v1/files/${ids.top}/move`, { body: { folder_id: folderId, to_root: true } }))
        .status,
    ).toBe(400);
    const moved = await api("POST", `/v1/files/${ids.top}/move`, { body: { folder_id: subfolderId } });
    expect(moved.body).toMatchObject({ folder_id: subfolderId, library_id: libraryId });
    const back = await api("POST", `/v1/files/${ids.top}/move`, { body: { to_root: true } });
    expect(back.body.folder_id).toBeNull();
    const copy = await api("POST", `/v1/files/${ids.top}/copy`, { body: { folder_id: folderId } });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      name: "renamed.jpeg",
      folder_id: folderId,
      tags: ["logo", "red"],
      version: { count: 1, active_number: 1 },
    });
    expect(copy.body.id).not.toBe(ids.top);
  });

  it("trashes, lists the trash, restores and deletes permanently", async () => {
    const trashed = await api("DELETE", `/v1/files/${ids.inFolder}`);
    expect(trashed.body).toMatchObject({ object: "file", id: ids.inFolder, deleted: true, permanent: false });
    expect(await listed(`folder_id=${folderId}`)).not.toContain("note.txt");
    expect(await listed(`trashed=true&library_id=${libraryId}`)).toContain("note.txt");
    expect((await api("GET", `/v1/files/${ids.inFolder}`)).body.trashed_at).not.toBeNull();
    // Readable, so not an unknown id: changing it is a state conflict until it is restored.
    const versionId = (await api("GET", `/v1/files/${ids.inFolder}`)).body.version.active_id;
    for (const [method, path, body] of [
      ["PATCH", "", { name: "renamed.txt" }],
      ["POST", "/move", { to_root: true }],
      ["POST", "/copy", { to_root: true }],
      ["POST", `/versions/${versionId}/activate`, undefined],
    ] as const) {
      const refused = await api(method, `/v1/files/${ids.inFolder}${path}`, body ? { body } : {});
      expect(refused.status, `${method} ${path}`).toBe(409);
      expect(refused.body.message).toBe("The file is in the trash: restore it first.");
    }
    const restored = await api("POST", `/v1/files/${ids.inFolder}/restore`);
    expect(restored.body).toMatchObject({ trashed_at: null, folder_id: folderId });
    expect((await api("POST", `/v1/files/${ids.inFolder}/restore`)).status).toBe(409);
    const gone = await api("DELETE", `/v1/files/${ids.inFolder}?permanent=true`);
    expect(gone.body).toMatchObject({ permanent: true, trashed_at: null });
    expect((await api("GET", `/v1/files/${ids.inFolder}`)).status).toBe(404);
  });

  it("files in a trashed folder are hidden and come back with it", async () => {
    await api("DELETE", `/v1/folders/${subfolderId}`);
    expect((await api("GET", `/v1/files/${ids.deep}`)).status).toBe(404);
    expect(await listed(`library_id=${libraryId}&recursive=true`)).not.toContain("Banner wide.png");
    await api("POST", `/v1/folders/${subfolderId}/restore`);
    expect((await api("GET", `/v1/files/${ids.deep}`)).status).toBe(200);
  });

  it("issues download URLs that send the bytes as an attachment with Range support", async () => {
    const link = await api("GET", `/v1/files/${ids.deep}/download`);
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({
      object: "download_url",
      file_id: ids.deep,
      name: "Banner wide.png",
      mime: "image/png",
    });
    expect(Date.parse(link.body.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const full = await fetch(link.body.url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-disposition")).toBe(
      `attachment; filename="Banner wide.png"; filename*=UTF-8''Banner%20wide.png`,
    );
    if (servedByService()) expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = full.headers.get("etag")!;
    const bytes = Buffer.from(await full.arrayBuffer());
    const part = await fetch(link.body.url, { headers: { range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 8));
    expect((await fetch(link.body.url, { headers: { "if-none-match": etag } })).status).toBe(304);
    // HEAD tells the size a GET would send (download managers size files so), and sends no body.
    const head = await fetch(link.body.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    const headPart = await fetch(link.body.url, { method: "HEAD", headers: { range: "bytes=0-7" } });
    expect(headPart.status).toBe(206);
    expect(headPart.headers.get("content-length")).toBe("8");
    const beyond = await fetch(link.body.url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    if (servedByService()) {
      expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
      expect(beyond.headers.get("content-disposition")).toBeNull();
      expect(await beyond.json()).toMatchObject({
        object: "error",
        code: "range_not_satisfiable",
        status: 416,
      });
    }
    // A bad link is hidden as 404. (The S3 stand-in in tests, s3rver, checks no signatures: nothing to assert there.)
    if (servedByService()) {
      expect((await fetch(link.body.url.replace(/signature=[^&]+/, "signature=x"))).status).toBe(404);
    }
    const central = apiClient(service.centralUrl, service.seed.ownerKey);
    const issued = await counterChange(central, "downloads", () =>
      api("GET", `/v1/files/${ids.deep}/download`),
    );
    expect(issued.change).toBe(1);
  });

  it("never serves HTML from user content inline", async () => {
    const html = await uploadBytes(
      api,
      Buffer.from("<!doctype html><html><script>alert(1)</script></html>"),
      {
        name: "page.html",
        library_id: libraryId,
      },
    );
    const link = await api("GET", `/v1/files/${html.id}/download`);
    const res = await fetch(link.body.url);
    expect(res.headers.get("content-type")).not.toMatch(/html|svg|xml|javascript/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    // A presigned S3 URL can set only the type and the disposition; it is on the bucket's origin, not the API's.
    if (!servedByService()) return;
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });
});

describe("property values", () => {
  it("sets, validates and clears typed values", async () => {
    const db = service.deps.db;
    const status = {
      id: newId("property"),
      brandspaceId: service.seed.brandspaceId,
      name: "Status",
      type: "status" as const,
      selectionMode: "single" as const,
      position: 0,
    };
    const text = { ...status, id: newId("property"), name: "Notes", type: "text" as const, position: 1 };
    const tag = { ...status, id: newId("property"), name: "Channel", type: "tag" as const, position: 2 };
    await db.insert(properties).values([status, text, tag]);
    const approved = newId("option");
    const web = newId("option");
    const print = newId("option");
    await db.insert(propertyOptions).values([
      { id: approved, propertyId: status.id, label: "Approved", color: "#00aa00", position: 0 },
      { id: web, propertyId: tag.id, label: "Web", color: "#0000aa", position: 0 },
      { id: print, propertyId: tag.id, label: "Print", color: "#aa0000", position: 1 },
    ]);
    const set = (propertyId: string, value: unknown) =>
      api("PUT", `/v1/files/${ids.deep}/properties/${propertyId}`, { body: { value } });

    const ok = await set(status.id, { option_id: approved });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      object: "property_value",
      property_id: status.id,
      type: "status",
      status: { option_id: approved },
      person: null,
      date: null,
      checkbox: null,
      text: null,
      multi_tag: null,
      tag: null,
    });
    expect((await set(status.id, { option_id: "opt_unknown" })).status).toBe(400);
    const wrongShape = await set(status.id, "Approved");
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.details.errors).toEqual([
      { param: "value", message: "must be an object (a status value is {option_id})" },
    ]);
    const missingId = await set(tag.id, [{}]);
    expect(missingId.body.details.errors).toEqual([
      {
        param: "value.0.option_id",
        message: "is required (a tag value is an array of at most 500 {option_id})",
      },
    ]);
    expect((await set(text.id, "x".repeat(10_001))).status).toBe(400);
    expect((await set(text.id, "Use on dark backgrounds")).body.text).toBe("Use on dark backgrounds");
    expect((await set(tag.id, [{ option_id: web }, { option_id: print }])).status).toBe(400);
    expect((await set(tag.id, [{ option_id: web }])).status).toBe(200);
    expect(
      (await api("PUT", `/v1/files/${ids.deep}/properties/prp_unknown`, { body: { value: null } })).status,
    ).toBe(404);

    const file = await api("GET", `/v1/files/${ids.deep}`);
    expect(file.body.properties.map((p: { property_id: string }) => p.property_id)).toEqual([
      status.id,
      text.id,
      tag.id,
    ]);
    const filter = encodeURIComponent(JSON.stringify({ property_id: status.id, op: "eq", value: approved }));
    expect(await listed(`filter=${filter}`)).toEqual(["Banner wide.png"]);
    const cleared = await set(status.id, null);
    expect(cleared.body.status).toBeNull();
    expect(await listed(`filter=${filter}`)).toEqual([]);
    const empty = encodeURIComponent(JSON.stringify({ property_id: status.id, op: "is_empty" }));
    expect(await listed(`library_id=${libraryId}&recursive=true&filter=${empty}`)).toContain(
      "Banner wide.png",
    );
  });
});

describe("a file write that changes nothing", () => {
  // On the team's shared library, where the viewer has view access only.
  let sharedLibraryId: string;
  let keptFolderId: string;
  let workers: Workers;

  beforeAll(async () => {
    // Processed before the tests read it: processing changes a file's row, which would blur what a request did.
    workers = await startWorkers(service.deps, { pollMs: 50, concurrency: 2 });
    sharedLibraryId = service.seed.libraries.shared;
    keptFolderId = (await api("POST", "/v1/folders", { body: { name: "Kept", library_id: sharedLibraryId } }))
      .body.id;
  });
  afterAll(() => workers?.stop());

  async function taggedFile(name: string, place: Record<string, string>) {
    const id = (await uploadBytes(api, await solidPng(), { name, ...place })).id as string;
    await waitUntilProcessed(api, id);
    const tagged = await api("PATCH", `/v1/files/${id}`, { body: { tags: ["brand", "dark"] } });
    expect(tagged.status, tagged.text).toBe(200);
    return tagged.body;
  }

  it("stored name, tags (trimmed, deduplicated) and published: 200 as stored, no event", async () => {
    const before = await taggedFile("same.png", { library_id: sharedLibraryId });
    const emitted = await watchEvents(service.deps.db);
    const same = await api("PATCH", `/v1/files/${before.id}`, {
      body: { name: "same.png", tags: [" brand", "brand", "dark "], published: false },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await api("GET", `/v1/files/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const renamed = await api("PATCH", `/v1/files/${before.id}`, {
      body: { name: "other.png", tags: ["brand", "dark"] },
    });
    expect(renamed.body).toMatchObject({ name: "other.png", tags: ["brand", "dark"] });
    expect(await emitted()).toEqual(["file.updated"]);
  });

  it("a move to where it is: 200 as stored, no event; a real move emits file.moved", async () => {
    const top = await taggedFile("top.png", { library_id: sharedLibraryId });
    const inFolder = await taggedFile("in-folder.png", { folder_id: keptFolderId });
    const emitted = await watchEvents(service.deps.db);
    const stay = await api("POST", `/v1/files/${top.id}/move`, { body: { library_id: sharedLibraryId } });
    expect(stay.status, stay.text).toBe(200);
    expect(stay.body).toEqual(top);
    const stayInFolder = await api("POST", `/v1/files/${inFolder.id}/move`, {
      body: { folder_id: keptFolderId },
    });
    expect(stayInFolder.body).toEqual(inFolder);
    expect(await emitted()).toEqual([]);

    const moved = await api("POST", `/v1/files/${inFolder.id}/move`, {
      body: { library_id: sharedLibraryId },
    });
    expect(moved.body).toMatchObject({ folder_id: null });
    expect(await emitted()).toEqual(["file.moved"]);
  });

  it("a no-op is refused as a change: a viewer's 403, a trashed file's 409", async () => {
    const target = await taggedFile("guarded.png", { library_id: sharedLibraryId });
    const emitted = await watchEvents(service.deps.db);
    const forbidden = await viewer("PATCH", `/v1/files/${target.id}`, { body: { name: "guarded.png" } });
    expect(forbidden.status, forbidden.text).toBe(403);
    expect((await api("DELETE", `/v1/files/${target.id}`)).status).toBe(200);
    const trashed = await api("PATCH", `/v1/files/${target.id}`, { body: { name: "guarded.png" } });
    expect(trashed.status, trashed.text).toBe(409);
    expect(
      (await api("POST", `/v1/files/${target.id}/move`, { body: { library_id: sharedLibraryId } })).status,
    ).toBe(409);
    expect(await emitted()).toEqual(["file.trashed"]);
  });

  it("setting the value a file holds, or clearing an empty one, writes and emits nothing", async () => {
    const target = await taggedFile("valued.png", { library_id: sharedLibraryId });
    const property = await api("POST", "/v1/properties", { body: { name: "Caption", type: "text" } });
    expect(property.status, property.text).toBe(201);
    const path = `/v1/files/${target.id}/properties/${property.body.id}`;
    const emitted = await watchEvents(service.deps.db);
    const cleared = await api("PUT", path, { body: { value: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ property_id: property.body.id, text: null });
    expect(await emitted()).toEqual([]);

    expect((await api("PUT", path, { body: { value: "Hero shot" } })).body.text).toBe("Hero shot");
    expect(await emitted()).toEqual(["property.value_updated"]);
    const stored = (await api("GET", `/v1/files/${target.id}`)).body;
    const again = await api("PUT", path, { body: { value: "Hero shot" } });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ property_id: property.body.id, type: "text", text: "Hero shot" });
    expect((await api("GET", `/v1/files/${target.id}`)).body.updated_at).toBe(stored.updated_at);
    expect(await emitted()).toEqual(["property.value_updated"]);
  });
});
