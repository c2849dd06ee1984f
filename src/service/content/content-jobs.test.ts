import { Readable } from "node:stream";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whileBackingUp } from "../backup/backup-gate.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { blobs, events, files, fileVersions, folders, uploads } from "../db/schema/index.ts";
import { fileEventData } from "../files/files.mapper.ts";
import { actors, emit } from "../platform/outbox.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiCall, type ApiResponse, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { waitFor } from "../webhooks/webhooks-test-kit.ts";
import {
  BLOB_GRACE_MS,
  expireUploads,
  purgeTrash,
  reclaimBlobs,
  TRASH_RETENTION_MS,
} from "./content-jobs.ts";

let service: TestService;
let api: ApiCall;
let libraryId: string;

beforeAll(async () => {
  service = await startTestService({ workers: true });
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  libraryId = (await api("POST", "/v1/libraries", { body: { name: "Jobs" } })).body.id;
});
afterAll(() => service?.close());

const system = () => ({ db: service.deps.db, deps: service.deps });

const eventsFor = async (id: string) =>
  (await service.deps.db.select().from(events).orderBy(asc(events.seq)))
    .filter((e) => (e.data as { id?: string }).id === id)
    .map((e) => `${e.type}:${e.actorType}`);

describe("file events", () => {
  it("upload emits file.created by the user and exactly one file.processed by the system", async () => {
    const file = await uploadBytes(api, await solidPng(), { name: "e.png", library_id: libraryId });
    await waitUntilProcessed(api, file.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(await eventsFor(file.id)).toEqual(["file.created:user", "file.processed:system"]);
  });

  it("a copy settles with one file.processed by the system after its file.created, as an upload does", async () => {
    const file = await uploadBytes(api, await solidPng(), { name: "source.png", library_id: libraryId });
    await waitUntilProcessed(api, file.id);
    const copy = await api("POST", `/v1/files/${file.id}/copy`, { body: { library_id: libraryId } });
    expect(copy.status).toBe(200);
    expect(copy.body.status).toBe("ready");
    await new Promise((r) => setTimeout(r, 300));
    expect(await eventsFor(copy.body.id)).toEqual(["file.created:user", "file.processed:system"]);
  });

  it("permanent folder deletion emits folder.deleted by the user and file.deleted per file by the system", async () => {
    const folder = (await api("POST", "/v1/folders", { body: { name: "Doomed", library_id: libraryId } }))
      .body;
    const inner = (
      await api("POST", "/v1/folders", {
        body: { name: "Inner", library_id: libraryId, parent_id: folder.id },
      })
    ).body;
    const a = await uploadBytes(api, Buffer.from("a"), { name: "a.txt", folder_id: folder.id });
    const b = await uploadBytes(api, Buffer.from("b"), { name: "b.txt", folder_id: inner.id });
    await api("DELETE", `/v1/files/${b.id}`);
    await api("DELETE", `/v1/folders/${folder.id}?permanent=true`);
    expect((await eventsFor(folder.id)).at(-1)).toBe("folder.deleted:user");
    expect((await eventsFor(a.id)).at(-1)).toBe("file.deleted:system");
    expect((await eventsFor(b.id)).at(-1)).toBe("file.deleted:system");
    expect((await api("GET", `/v1/files/${b.id}`)).status).toBe(404);
  });
});

describe("event order", () => {
  it("a folder's permanent deletion waiting for a processing run's rows emits file.deleted after that run's event", async () => {
    const folder = (await api("POST", "/v1/folders", { body: { name: "Racing", library_id: libraryId } }))
      .body;
    const upload = await uploadBytes(api, Buffer.from("c"), { name: "c.txt", folder_id: folder.id });
    await waitUntilProcessed(api, upload.id);
    const { db } = service.deps;
    const [file] = await db.select().from(files).where(eq(files.id, upload.id));
    let deletion: Promise<ApiResponse> | undefined;
    // As a processing run settles: the version's row held, then its event, in one transaction.
    await db.transaction(async (t) => {
      const tx = t as Db;
      await tx
        .update(fileVersions)
        .set({ status: sql`status` })
        .where(eq(fileVersions.id, file!.activeVersionId!));
      deletion = api("DELETE", `/v1/folders/${folder.id}?permanent=true`);
      // PostgreSQL: until the deletion waits for the row. PGlite runs it after this transaction anyway.
      if (service.deps.database.kind === "postgres") await waitUntilALockIsAwaited();
      await emit(tx, {
        brandspaceId: file!.brandspaceId,
        type: "file.processed",
        actor: actors.system(),
        data: fileEventData(file!),
      });
    });
    expect((await deletion!).status).toBe(200);
    expect((await eventsFor(upload.id)).slice(-2)).toEqual(["file.processed:system", "file.deleted:system"]);
  });
});

const waitUntilALockIsAwaited = () =>
  waitFor(
    async () =>
      rowsOf<{ n: number }>(
        await service.deps.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`),
      )[0]!.n,
    10_000,
    "the deletion to wait for the held row",
  );

describe("files deleted for good leave their boards", () => {
  const removals = async (fileIds: string[]) =>
    (await service.deps.db.select().from(events).orderBy(asc(events.seq)))
      .filter(
        (e) => e.type === "board.file.removed" && fileIds.includes((e.data as { file_id: string }).file_id),
      )
      .map((e) => ({ ...(e.data as object), actor: e.actorType }));
  const boardFileIds = async (boardId: string) =>
    (await api("GET", `/v1/boards/${boardId}/files?limit=100&trashed=true`)).body.data
      .concat((await api("GET", `/v1/boards/${boardId}/files?limit=100`)).body.data)
      .map((f: { id: string }) => f.id);

  it("with board.file.removed by the system per board: a file, a folder's, a library's, the trash's purge", async () => {
    const boards = [
      (await api("POST", "/v1/boards", { body: { name: "Keep one" } })).body.id as string,
      (await api("POST", "/v1/boards", { body: { name: "Keep two" } })).body.id as string,
    ];
    const library = (await api("POST", "/v1/libraries", { body: { name: "Leaving" } })).body.id as string;
    const folder = (await api("POST", "/v1/folders", { body: { name: "Going", library_id: library } })).body;
    const upload = (name: string, target: object) => uploadBytes(api, Buffer.from(name), { name, ...target });
    const single = await upload("single.txt", { library_id: libraryId });
    const inFolder = await upload("in-folder.txt", { folder_id: folder.id });
    const inLibrary = await upload("in-library.txt", { library_id: library });
    const purged = await upload("purged.txt", { library_id: libraryId });
    const staying = await upload("staying.txt", { library_id: libraryId });
    const all = [single, inFolder, inLibrary, purged, staying].map((f) => f.id);
    for (const board of boards) {
      expect((await api("POST", `/v1/boards/${board}/files`, { body: { file_ids: all } })).status).toBe(200);
    }
    const pairs = (fileId: string) =>
      boards.map((board) => ({ object: "board_file", board_id: board, file_id: fileId, actor: "system" }));

    await api("DELETE", `/v1/files/${single.id}?permanent=true`);
    expect(await removals([single.id])).toEqual(pairs(single.id));
    await api("DELETE", `/v1/folders/${folder.id}?permanent=true`);
    expect(await removals([inFolder.id])).toEqual(pairs(inFolder.id));
    await api("DELETE", `/v1/libraries/${library}`);
    expect(await removals([inLibrary.id])).toEqual(pairs(inLibrary.id));
    // Trashed, a file stays on its boards; purged, it leaves them.
    await api("DELETE", `/v1/files/${purged.id}`);
    expect(await removals([purged.id])).toEqual([]);
    await service.deps.db
      .update(files)
      .set({ trashedAt: new Date(Date.now() - TRASH_RETENTION_MS - 60_000) })
      .where(eq(files.id, purged.id));
    expect(await purgeTrash(system())).toBeGreaterThanOrEqual(1);
    expect(await removals([purged.id])).toEqual(pairs(purged.id));

    for (const board of boards) expect(await boardFileIds(board)).toEqual([staying.id]);
    expect(await removals([staying.id])).toEqual([]);
  });
});

describe("scheduled content jobs", () => {
  it("purges trash older than 30 days with the system actor, and nothing younger", async () => {
    const old = await uploadBytes(api, Buffer.from("old"), { name: "old.txt", library_id: libraryId });
    const oldLink = (
      await api("POST", "/v1/shared-links", { body: { target: { type: "file", id: old.id } } })
    ).body;
    const recent = await uploadBytes(api, Buffer.from("recent"), {
      name: "recent.txt",
      library_id: libraryId,
    });
    const oldFolder = (
      await api("POST", "/v1/folders", { body: { name: "Old folder", library_id: libraryId } })
    ).body;
    for (const id of [old.id, recent.id]) await api("DELETE", `/v1/files/${id}`);
    await api("DELETE", `/v1/folders/${oldFolder.id}`);
    const longAgo = new Date(Date.now() - TRASH_RETENTION_MS - 60_000);
    await service.deps.db.update(files).set({ trashedAt: longAgo }).where(eq(files.id, old.id));
    await service.deps.db.update(folders).set({ trashedAt: longAgo }).where(eq(folders.id, oldFolder.id));
    expect(await purgeTrash(system())).toBe(2);
    expect((await api("GET", `/v1/files/${old.id}`)).status).toBe(404);
    expect((await api("GET", `/v1/folders/${oldFolder.id}`)).status).toBe(404);
    expect((await api("GET", `/v1/files/${recent.id}`)).status).toBe(200);
    expect((await eventsFor(old.id)).at(-1)).toBe("file.deleted:system");
    expect((await eventsFor(oldFolder.id)).at(-1)).toBe("folder.deleted:system");
    // A link to a purged file goes with it.
    expect((await eventsFor(oldLink.id)).at(-1)).toBe("shared_link.deleted:system");
  });

  it("expires pending uploads past their expiry", async () => {
    const upload = (
      await api("POST", "/v1/uploads", { body: { name: "late.bin", size: 5, library_id: libraryId } })
    ).body;
    await service.deps.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.id, upload.id));
    expect(await expireUploads(system())).toBeGreaterThanOrEqual(1);
    expect((await api("GET", `/v1/uploads/${upload.id}`)).body.status).toBe("expired");
    expect((await fetch(upload.upload_url, { method: "PUT", body: "12345" })).status).toBe(410);
  });

  it("reclaims only unreferenced blobs past the grace period", async () => {
    const file = await uploadBytes(api, Buffer.from("keep me"), { name: "keep.txt", library_id: libraryId });
    const gone = await uploadBytes(api, Buffer.from("delete me forever"), {
      name: "gone.txt",
      library_id: libraryId,
    });
    await waitUntilProcessed(api, gone.id);
    const version = gone.version.active_id;
    const [{ sha } = { sha: "" }] = rowsOf<{ sha: string }>(
      await service.deps.db.execute(sql`select blob_sha256 as sha from file_versions where id = ${version}`),
    );
    await api("DELETE", `/v1/files/${gone.id}?permanent=true`);
    expect(await service.deps.blobs.stat(sha)).not.toBeNull();
    await reclaimBlobs(system());
    expect(await service.deps.blobs.stat(sha)).not.toBeNull();
    await service.deps.db.update(blobs).set({ createdAt: new Date(Date.now() - BLOB_GRACE_MS - 60_000) });
    // While a backup copies blobs, none is reclaimed: its database dump may still reference them.
    await whileBackingUp(async () => {
      expect(await reclaimBlobs(system())).toBe(0);
      expect(await service.deps.blobs.stat(sha)).not.toBeNull();
    });
    await reclaimBlobs(system());
    expect(await service.deps.blobs.stat(sha)).toBeNull();
    const link = await api("GET", `/v1/files/${file.id}/download`);
    expect(await (await fetch(link.body.url)).text()).toBe("keep me");
  });
  it("reclaims bytes a crash left without a row: recorded first, gone a grace period later", async () => {
    // As if the process died between storing the blob and committing its row.
    const stored = await service.deps.blobs.put(Readable.from([Buffer.from(`orphan ${Date.now()}`)]));
    const row = () => service.deps.db.select().from(blobs).where(eq(blobs.sha256, stored.sha256));
    expect(await row()).toHaveLength(0);
    await reclaimBlobs(system());
    expect(await row()).toHaveLength(1);
    expect(await service.deps.blobs.stat(stored.sha256)).not.toBeNull();
    await reclaimBlobs(system(), { now: new Date(Date.now() + BLOB_GRACE_MS + 60_000) });
    expect(await service.deps.blobs.stat(stored.sha256)).toBeNull();
    expect(await row()).toHaveLength(0);
  });
});
