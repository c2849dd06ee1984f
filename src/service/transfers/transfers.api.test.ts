import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../contract/errors.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { PublicTransfer, Transfer } from "../../contract/transfers.ts";
import { events, members, transfers } from "../db/schema/index.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, type ApiResponse, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { unzip } from "../testing/unzip.ts";
import { announceEndedTransfers, expireDueTransfers } from "./transfers.service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let visitor: ApiCall;
let libraryId: string;
let folderId: string;
let logo: { id: string; bytes: Buffer };
let dark: { id: string; bytes: Buffer };
let top: { id: string; bytes: Buffer };
let hiddenFileId: string;

async function upload(bytes: Buffer, target: Record<string, string>) {
  return { id: (await uploadBytes(owner, bytes, target as never)).id as string, bytes };
}

beforeAll(async () => {
  service = await startTestService({ workers: true });
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  visitor = apiClient(service.regionalUrl);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.editor.email }),
  );
  libraryId = (await owner("POST", "/v1/libraries", { body: { name: "Campaign" } })).body.id;
  folderId = (await owner("POST", "/v1/folders", { body: { name: "Logos", library_id: libraryId } })).body.id;
  const sub = (
    await owner("POST", "/v1/folders", { body: { name: "Dark", library_id: libraryId, parent_id: folderId } })
  ).body.id;
  logo = await upload(await solidPng(10, 10, { r: 255, g: 0, b: 0 }), {
    name: "logo.png",
    folder_id: folderId,
  });
  dark = await upload(await solidPng(12, 12, { r: 0, g: 0, b: 0 }), { name: "logo.png", folder_id: sub });
  top = await upload(await solidPng(14, 14, { r: 0, g: 255, b: 0 }), {
    name: "logo.png",
    library_id: libraryId,
  });
  const hidden = await owner("POST", "/v1/libraries", { body: { name: "Owner only" } });
  hiddenFileId = (
    await uploadBytes(owner, await solidPng(), { name: "secret.png", library_id: hidden.body.id })
  ).id;
});
afterAll(() => service?.close());

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.parse(res.body).code).toBe(code);
}

const tokenOf = (t: { url: string }) => t.url.split("/t/")[1]!;

async function create(body: Record<string, unknown>, api = owner) {
  const res = await api("POST", "/v1/transfers", { body });
  expect(res.status, res.text).toBe(201);
  return Transfer.parse(res.body);
}

async function waitFor(id: string, status: string) {
  for (let i = 0; i < 200; i++) {
    const res = await owner("GET", `/v1/transfers/${id}`);
    if (res.body.status === status) return Transfer.parse(res.body);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`transfer ${id} never became ${status}`);
}

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

describe("transfers", () => {
  it("creates a transfer awaiting uploads, expiring in 7 days, with transfer.created", async () => {
    const before = Date.now();
    const t = await create({ name: "For the agency", message: "Final logos" });
    expect(t).toMatchObject({
      object: "transfer",
      name: "For the agency",
      message: "Final logos",
      status: "awaiting_uploads",
      expired_reason: null,
      size: 0,
      file_count: 0,
      folder_count: 0,
      password_protected: false,
      view_count: 0,
      download_count: 0,
      zip_url: null,
      files: [],
      folders: [],
    });
    expect(t.id).toMatch(/^trf_/);
    expect(t.url).toMatch(/\/t\/[\w-]{32}$/);
    const days = (Date.parse(t.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const emitted = await eventsOf(t.id);
    expect(emitted.map((e) => e.type)).toEqual(["transfer.created"]);
    expect(emitted[0]!.data).toEqual({
      object: "transfer",
      id: t.id,
      name: "For the agency",
      status: "awaiting_uploads",
    });
    // No message is null, and null clears one.
    expect((await create({})).message).toBeNull();
    // On creation, a null name or expiry is the default one, as when left out.
    const defaults = await create({ name: null, expires_at: null });
    expect(defaults.name).toMatch(/^Transfer \d{4}-\d{2}-\d{2}$/);
    expect((Date.parse(defaults.expires_at) - before) / 86_400_000).toBeGreaterThan(6.99);
    // Every field is optional, so no body at all is a transfer with the defaults, as `{}` is.
    const bare = await owner("POST", "/v1/transfers");
    expect(bare.status, bare.text).toBe(201);
    expect(bare.body).toMatchObject({ object: "transfer", status: "awaiting_uploads", message: null });
    const cleared = await owner("PATCH", `/v1/transfers/${t.id}`, { body: { message: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.message).toBeNull();
  });

  it("refuses an expiry past 30 days, in the past, or bad input", async () => {
    const far = new Date(Date.now() + 31 * 86_400_000).toISOString();
    expectError(await owner("POST", "/v1/transfers", { body: { expires_at: far } }), 400, "validation_error");
    expectError(
      await owner("POST", "/v1/transfers", { body: { expires_at: "2001-01-01T00:00:00Z" } }),
      400,
      "validation_error",
    );
    expectError(await owner("POST", "/v1/transfers", { body: { file_ids: "x" } }), 400, "validation_error");
    expectError(
      await editor("POST", "/v1/transfers", { body: { file_ids: [hiddenFileId] } }),
      404,
      "not_found",
    );
    const page = await owner("POST", "/v1/pages", {
      body: { title: "Guidelines", library_id: service.seed.libraries.shared },
    });
    expectError(
      await owner("POST", "/v1/transfers", { body: { file_ids: [page.body.id] } }),
      409,
      "conflict",
    );
  });

  it("adds files and folders with unique names, completes, builds the zip entry by entry, and serves it", async () => {
    const t = await create({ file_ids: [top.id], folder_ids: [folderId] });
    expect(t.file_count).toBe(3);
    expect(t.folder_count).toBe(2);
    expect(t.files.map((f) => f.path).sort()).toEqual(["Logos/Dark/logo.png", "Logos/logo.png", "logo.png"]);
    expect(t.folders.map((f) => f.path)).toEqual(["Logos", "Logos/Dark"]);
    // A second file of the same name lands beside the first under a new name.
    const added = await owner("POST", `/v1/transfers/${t.id}/items`, { body: { file_ids: [logo.id] } });
    expect(added.status, added.text).toBe(200);
    expect(added.body.files.map((f: { path: string }) => f.path)).toContain("logo (2).png");
    // Items sent with the creation are part of it; items added later are a change.
    expect(t.updated_at).toBe(t.created_at);
    expect(Date.parse(added.body.updated_at)).toBeGreaterThan(Date.parse(t.created_at));
    // An upload straight into the transfer; a key without transfers:write cannot make one.
    const brief = Buffer.from("Use the dark logo on photos.\n");
    const filesOnly = apiClient(service.regionalUrl, await service.createKey(["files:write"]));
    const refused = await filesOnly("POST", "/v1/uploads", {
      body: { name: "brief.txt", size: brief.length, transfer_id: t.id },
    });
    expectError(refused, 403, "insufficient_scope");
    expect(refused.body.details).toEqual({ required_scope: "transfers:write" });
    const created = await owner("POST", "/v1/uploads", {
      body: { name: "brief.txt", size: brief.length, transfer_id: t.id },
    });
    expect(created.status, created.text).toBe(201);
    await fetch(created.body.upload_url, { method: "PUT", body: new Uint8Array(brief) });
    const completedUpload = await owner("POST", `/v1/uploads/${created.body.id}/complete`);
    expect(completedUpload.status, completedUpload.text).toBe(201);
    expect(completedUpload.body).toMatchObject({
      object: "transfer_file",
      transfer_id: t.id,
      name: "brief.txt",
      path: "brief.txt",
      size: brief.length,
    });

    const completed = await owner("POST", `/v1/transfers/${t.id}/complete`);
    // The zip is built in the background: 202, as for other work that goes on after the answer.
    expect(completed.status, completed.text).toBe(202);
    expect(["processing", "ready"]).toContain(completed.body.status);
    expectError(
      await owner("POST", `/v1/transfers/${t.id}/items`, { body: { file_ids: [logo.id] } }),
      409,
      "conflict",
    );
    const ready = await waitFor(t.id, "ready");
    expect(ready.zip_url).toMatch(/\/v1\/transfer-content\//);
    expect(ready.size).toBe(top.bytes.length + logo.bytes.length * 2 + dark.bytes.length + brief.length);
    const types = (await eventsOf(t.id)).map((e) => e.type);
    expect(types).toEqual(["transfer.created", "transfer.ready"]);

    const zip = await fetch(ready.zip_url!);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const entries = await unzip(Buffer.from(await zip.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(
      [
        "Logos/",
        "Logos/Dark/",
        "Logos/Dark/logo.png",
        "Logos/logo.png",
        "brief.txt",
        "logo (2).png",
        "logo.png",
      ].sort(),
    );
    expect(entries.get("logo.png")!.equals(top.bytes)).toBe(true);
    expect(entries.get("logo (2).png")!.equals(logo.bytes)).toBe(true);
    expect(entries.get("Logos/logo.png")!.equals(logo.bytes)).toBe(true);
    expect(entries.get("Logos/Dark/logo.png")!.equals(dark.bytes)).toBe(true);
    expect(entries.get("brief.txt")!.equals(brief)).toBe(true);

    const after = Transfer.parse((await owner("GET", `/v1/transfers/${t.id}`)).body);
    expect(after.download_count).toBe(1);
    const downloaded = (await eventsOf(t.id)).filter((e) => e.type === "transfer.downloaded");
    expect(downloaded).toHaveLength(1);
    expect(downloaded[0]).toMatchObject({ actorType: "anonymous", actorId: null });
    // A resumed range does not count again.
    const ranged = await fetch(ready.zip_url!, { headers: { range: "bytes=10-20" } });
    expect(ranged.status).toBe(206);
    await ranged.arrayBuffer();
    expect(Transfer.parse((await owner("GET", `/v1/transfers/${t.id}`)).body).download_count).toBe(1);
  });

  it("recipients see a transfer by its token, unlock a password, and download single files", async () => {
    const t = await create({ file_ids: [top.id], password: "letmein!" });
    await owner("POST", `/v1/transfers/${t.id}/complete`);
    await waitFor(t.id, "ready");
    const token = tokenOf(t);
    const locked = await visitor("GET", `/v1/public/transfers/${token}`);
    expect(locked.status, locked.text).toBe(200);
    expect(PublicTransfer.parse(locked.body)).toMatchObject({
      password_required: true,
      files: [],
      zip_url: null,
    });
    const wrong = await visitor("POST", `/v1/public/transfers/${token}/unlock`, {
      body: { password: "nope" },
    });
    expectError(wrong, 401, "unauthorized");
    const unlocked = await visitor("POST", `/v1/public/transfers/${token}/unlock`, {
      body: { password: "letmein!" },
    });
    expect(unlocked.status, unlocked.text).toBe(200);
    const headers = { "x-access-token": unlocked.body.token };
    const open = PublicTransfer.parse(
      (await visitor("GET", `/v1/public/transfers/${token}`, { headers })).body,
    );
    expect(open.files.map((f) => f.path)).toEqual(["logo.png"]);
    expect(open.zip_url).not.toBeNull();
    const single = await visitor("GET", `/v1/public/transfers/${token}/files/${open.files[0]!.id}/download`, {
      headers,
    });
    expect(single.status, single.text).toBe(200);
    expect(single.body).toMatchObject({
      object: "download_url",
      file_id: open.files[0]!.id,
      version_id: null,
    });
    expect(Date.parse(single.body.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const bytes = Buffer.from(await (await fetch(single.body.url)).arrayBuffer());
    expect(bytes.equals(top.bytes)).toBe(true);
    // A HEAD only asks whether the transfer answers: no view.
    expect((await visitor("HEAD", `/v1/public/transfers/${token}`, { headers })).status).toBe(200);
    expect(Transfer.parse((await owner("GET", `/v1/transfers/${t.id}`)).body)).toMatchObject({
      view_count: 1,
      download_count: 1,
    });
    expectError(await visitor("GET", "/v1/public/transfers/unknown-token"), 404, "not_found");
  });

  it("takes no upload past its 10,000 files, whether full when the upload starts or by its completion", async () => {
    const t = (await owner("POST", "/v1/transfers", { body: { name: "Full" } })).body;
    const fill = (count: number) =>
      service.deps.db.update(transfers).set({ fileCount: count }).where(eq(transfers.id, t.id));
    const start = () =>
      owner("POST", "/v1/uploads", { body: { name: "one.txt", size: 3, transfer_id: t.id } });
    const before = await start();
    expect(before.status, before.text).toBe(201);
    await fill(10_000);
    const refused = await start();
    expectError(refused, 400, "validation_error");
    expect(refused.body.details.errors[0]).toEqual({
      param: "transfer_id",
      message: "a transfer holds at most 10000 files",
    });
    await fetch(before.body.upload_url, { method: "PUT", body: new Uint8Array(Buffer.from("abc")) });
    expectError(await owner("POST", `/v1/uploads/${before.body.id}/complete`), 409, "conflict");
    expect((await owner("GET", `/v1/transfers/${t.id}`)).body.files).toEqual([]);
  });

  it("ending early expires it at once and again at nightly cleanup, with the same data.id", async () => {
    const t = await create({ file_ids: [top.id] });
    const ended = await owner("DELETE", `/v1/transfers/${t.id}`);
    expect(ended.body).toEqual({
      object: "transfer",
      id: t.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expect((await owner("GET", `/v1/transfers/${t.id}`)).body).toMatchObject({
      status: "expired",
      expired_reason: "ended_early",
    });
    expectError(await visitor("GET", `/v1/public/transfers/${tokenOf(t)}`), 410, "expired");
    // Ending again changes nothing and emits nothing.
    expect((await owner("DELETE", `/v1/transfers/${t.id}`)).status).toBe(200);
    const system = { db: service.deps.db, deps: service.deps };
    expect(await announceEndedTransfers(system)).toBeGreaterThanOrEqual(1);
    await announceEndedTransfers(system);
    const expired = (await eventsOf(t.id)).filter((e) => e.type === "transfer.expired");
    expect(expired).toHaveLength(2);
    expect(new Set(expired.map((e) => e.id)).size).toBe(2);
    expect(expired.map((e) => e.actorType)).toEqual(["user", "system"]);
  });

  it("expires by date (scheduled), after which the zip and the page are gone", async () => {
    const t = await create({ file_ids: [top.id] });
    await owner("POST", `/v1/transfers/${t.id}/complete`);
    const ready = await waitFor(t.id, "ready");
    const system = { db: service.deps.db, deps: service.deps };
    await expireDueTransfers(system, { now: new Date(Date.parse(t.expires_at) + 1000) });
    const after = Transfer.parse((await owner("GET", `/v1/transfers/${t.id}`)).body);
    expect(after).toMatchObject({ status: "expired", expired_reason: "expired", zip_url: null });
    const expired = (await eventsOf(t.id)).filter((e) => e.type === "transfer.expired");
    expect(expired.map((e) => e.actorType)).toEqual(["system"]);
    expectError(await visitor("GET", `/v1/public/transfers/${tokenOf(t)}`), 410, "expired");
    expect((await fetch(ready.zip_url!)).status).toBe(410);
  });

  it("reads as expired as soon as its expiry passes, before the minute's job, and cannot be revived", async () => {
    const t = await create({ file_ids: [top.id], expires_at: new Date(Date.now() + 3000).toISOString() });
    const stillOpen = await create({ expires_at: t.expires_at });
    await owner("POST", `/v1/transfers/${t.id}/complete`);
    await waitFor(t.id, "ready");
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, Date.parse(t.expires_at) - Date.now() + 50)),
    );
    // Nothing has read the open one since its date passed: an upload into it is refused all the same.
    const late = await owner("POST", "/v1/uploads", {
      body: { name: "late.txt", size: 4, transfer_id: stillOpen.id },
    });
    expectError(late, 409, "conflict");
    const after = Transfer.parse((await owner("GET", `/v1/transfers/${t.id}`)).body);
    expect(after).toMatchObject({ status: "expired", expired_reason: "expired", expired_at: t.expires_at });
    const listed = await owner("GET", "/v1/transfers?status=expired&limit=100");
    expect(listed.body.data.map((x: { id: string }) => x.id)).toContain(t.id);
    const revived = await owner("PATCH", `/v1/transfers/${t.id}`, {
      body: { expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expectError(revived, 409, "conflict");
    expectError(await visitor("GET", `/v1/public/transfers/${tokenOf(t)}`), 410, "expired");
    const expired = (await eventsOf(t.id)).filter((e) => e.type === "transfer.expired");
    expect(expired.map((e) => e.actorType)).toEqual(["system"]);
  });

  it("a zip build that cannot find its bytes ends build_failed with transfer.expired", async () => {
    const t = await create({ file_ids: [top.id] });
    await service.deps.db.execute(
      sql`update transfer_files set blob_sha256 = ${"0".repeat(64)} where transfer_id = ${t.id}`,
    );
    await owner("POST", `/v1/transfers/${t.id}/complete`);
    const failed = await waitFor(t.id, "expired");
    expect(failed.expired_reason).toBe("build_failed");
    expect((await eventsOf(t.id)).map((e) => e.type)).toEqual(["transfer.created", "transfer.expired"]);
  });

  it("updates, lists newest first, and keeps others' transfers private", async () => {
    const t = await create({ name: "Old name" });
    const updated = await owner("PATCH", `/v1/transfers/${t.id}`, {
      body: { name: "New name", password: "s3cret!!" },
    });
    expect(updated.body).toMatchObject({ name: "New name", password_protected: true });
    expectError(await owner("PATCH", `/v1/transfers/${t.id}`, { body: {} }), 400, "validation_error");
    const list = await owner("GET", "/v1/transfers?limit=2");
    expect(list.body.data[0].id).toBe(t.id);
    expect(list.body.has_more).toBe(true);
    expectError(await editor("GET", `/v1/transfers/${t.id}`), 404, "not_found");
    expect((await editor("GET", "/v1/transfers")).body.data).toEqual([]);
    expectError(await owner("POST", `/v1/transfers/${t.id}/complete`), 409, "conflict");
    const [row] = await service.deps.db.select().from(transfers).where(eq(transfers.id, t.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
  });

  // Last: the editor leaves the brandspace.
  it("outlives its creator's membership and still names its brandspace", async () => {
    const editorFile = (
      await uploadBytes(editor, await solidPng(), {
        name: "editor.png",
        library_id: service.seed.libraries.shared,
      })
    ).id;
    const t = Transfer.parse(
      (await editor("POST", "/v1/transfers", { body: { file_ids: [editorFile] } })).body,
    );
    await editor("POST", `/v1/transfers/${t.id}/complete`);
    await waitFor(t.id, "ready");
    await service.deps.db
      .update(members)
      .set({ status: "deactivated" })
      .where(eq(members.userId, service.seed.users.editor.id));
    const open = await visitor("GET", `/v1/public/transfers/${tokenOf(t)}`);
    expect(open.status, open.text).toBe(200);
    const unlock = await visitor("POST", `/v1/public/transfers/${tokenOf(t)}/unlock`, {
      body: { password: "x" },
    });
    expect(unlock.status).toBe(409);
    const central = apiClient(service.centralUrl, service.seed.ownerKey);
    const brandspace = (await central("GET", "/v1/brandspace")).body;
    expect(PublicTransfer.parse(open.body).brandspace_name).toBe(brandspace.name);
  });
});

describe("a transfer PATCH that changes nothing", () => {
  const inAWeek = new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000);

  it("answers the transfer as stored, updated_at unchanged; a password is always a change", async () => {
    const created = await owner("POST", "/v1/transfers", {
      body: { name: "Press", message: "Hi", expires_at: inAWeek.toISOString() },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/transfers/${created.body.id}`;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", path, {
      body: { name: " Press ", message: "Hi", expires_at: inAWeek.toISOString(), password: null },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(created.body);

    const locked = await owner("PATCH", path, { body: { password: "open sesame" } });
    expect(locked.body.password_protected).toBe(true);
    expect(locked.body.updated_at >= created.body.updated_at).toBe(true);
    const cleared = await owner("PATCH", path, { body: { message: null } });
    expect(cleared.body.message).toBeNull();
    expect((await owner("PATCH", path, { body: { message: null } })).body).toEqual(cleared.body);
    expect(await emitted()).toEqual([]);
  });

  it("a no-op on another's transfer is still 404", async () => {
    // The viewer: the editor has left the brandspace by now (an earlier test), and its key would answer 401.
    const viewer = apiClient(
      service.regionalUrl,
      await service.createKey(ALL_SCOPES, { email: service.seed.users.viewer.email }),
    );
    const created = await owner("POST", "/v1/transfers", { body: { name: "Private" } });
    expect(
      (await viewer("PATCH", `/v1/transfers/${created.body.id}`, { body: { name: "Private" } })).status,
    ).toBe(404);
  });
});
