import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlobStore } from "../blobs/create-blob-store.ts";
import { BLOB_GRACE_MS, reclaimBlobs } from "../content/content-jobs.ts";
import { openDatabase, rowsOf } from "../db/client.ts";
import { solidPng, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiResponse, apiClient } from "../testing/http-client.ts";
import { type Receiver, startReceiver, waitFor } from "../webhooks/webhooks-test-kit.ts";
import { type ServiceProcess, startServiceProcess } from "./service-process.testing.ts";

/**
 * `kill -9` of a real service process in the middle of folder creations, uploads (create, bytes, complete), moves
 * and permanent deletes, then a restart: clients retry with the same Idempotency-Key, and in the end every item
 * exists exactly once, nothing half-written shows, and every committed change reached the webhook receiver, with no
 * event for a change that was rolled back. Processing cut short runs again (each kept file ready, file.processed
 * once), and after the reclaim job no blob is left that nothing points at. Both databases (TEST_DATABASE_URL).
 */
const ITEMS = 12;
/** Items whose every request is cut by a kill (3 and 9 include a permanent delete). */
const CRASH_AT = new Set([1, 3, 9]);

let service: ServiceProcess;
let receiver: Receiver;
let crashes = 0;
let conflicts = 0;

beforeAll(async () => {
  service = await startServiceProcess({
    env: {
      WEBHOOK_ALLOW_LOOPBACK: "1",
      WEBHOOK_RETRY_SCHEDULE: "100ms,100ms,100ms,100ms,100ms",
      JOB_POLL_MS: "50",
      // PostgreSQL keeps a dead request's claim until its lease lapses (PGlite's restart releases it at once).
      IDEMPOTENCY_LEASE: "2s",
    },
  });
  receiver = await startReceiver();
}, 90_000);

afterAll(async () => {
  await service?.close();
  await receiver?.close();
});

const api = () => apiClient(service.regionalUrl, service.ownerKey);

/**
 * Sends until an answer comes back, as a careful client does: a refused or cut connection means the service is down
 * or restarting; `409 idempotency_conflict` means the key's earlier request still holds it (until its lease lapses).
 */
async function reliably(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let tries = 0; ; tries++) {
    let answer: ApiResponse | null = null;
    try {
      answer = await send();
    } catch (error) {
      if (tries > 300) throw error;
    }
    if (answer && answer.status >= 500)
      console.error(answer.text, service.spawned.output().stdout.slice(-4000));
    if (answer && answer.body?.code !== "idempotency_conflict") return answer;
    if (answer) conflicts++;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends once while killing the process a few milliseconds in, restarts it, then sends again until answered. */
async function crashDuring(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const inFlight = send().catch(() => null);
  await new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(Math.random() * 25)));
  service.spawned.child.kill("SIGKILL");
  await service.spawned.exited;
  crashes++;
  // What a process killed mid-processing leaves, whether or not this kill caught one: the restart removes it.
  await mkdir(
    path.join(service.dataDir, "tmp", `bs-process-${service.spawned.child.pid}-crash${crashes % 10}`, "out"),
    {
      recursive: true,
    },
  );
  await inFlight;
  await service.restart();
  return reliably(send);
}

function idempotent(key: string) {
  return { headers: { "idempotency-key": key } };
}

describe("a service killed mid-request", () => {
  it("loses nothing and duplicates nothing once clients retry with their Idempotency-Keys", async () => {
    const hook = await reliably(() =>
      api()("POST", "/v1/webhooks", {
        body: {
          url: receiver.url,
          events: ["folder.created", "file.created", "file.moved", "file.deleted", "file.processed"],
        },
      }),
    );
    expect(hook.status).toBe(201);
    const library = await reliably(() => api()("POST", "/v1/libraries", { body: { name: "Crash" } }));
    const libraryId = library.body.id as string;
    const png = await solidPng(32, 32);
    const deleted = new Set<string>();
    const folders: string[] = [];
    const files: string[] = [];

    for (let i = 0; i < ITEMS; i++) {
      const run = CRASH_AT.has(i) ? crashDuring : reliably;
      const folder = await run(() =>
        api()("POST", "/v1/folders", {
          body: { name: `F${i}`, library_id: libraryId },
          ...idempotent(`folder-${i}`),
        }),
      );
      expect(folder.status, folder.text).toBe(201);
      folders.push(folder.body.id);

      const upload = await run(() =>
        api()("POST", "/v1/uploads", {
          body: { name: `f${i}.png`, size: png.length, library_id: libraryId },
          ...idempotent(`upload-${i}`),
        }),
      );
      expect(upload.status, upload.text).toBe(201);
      await reliably(async () => {
        const put = await fetch(upload.body.upload_url, { method: "PUT", body: new Uint8Array(png) });
        return { status: put.status, headers: put.headers, body: null, text: await put.text() };
      });
      const completed = await run(() =>
        api()("POST", `/v1/uploads/${upload.body.id}/complete`, idempotent(`complete-${i}`)),
      );
      expect(completed.status, completed.text).toBe(201);
      const fileId = completed.body.id as string;
      files.push(fileId);

      const moved = await run(() =>
        api()("POST", `/v1/files/${fileId}/move`, {
          body: { folder_id: folder.body.id },
          ...idempotent(`move-${i}`),
        }),
      );
      expect(moved.status, moved.text).toBe(200);

      if (i % 3 === 0) {
        const gone = await run(() => api()("DELETE", `/v1/files/${fileId}?permanent=true`));
        // A delete that committed before the crash answers 404 on the retry: either way it is gone.
        expect([200, 404], gone.text).toContain(gone.status);
        deleted.add(fileId);
      }
    }
    // Embedded: the restart released the dead requests' claims, so no retry had to wait for a lease.
    if (!service.databaseUrl) expect(conflicts).toBe(0);
    expect(crashes).toBe(CRASH_AT.size * 4 + [...CRASH_AT].filter((i) => i % 3 === 0).length);

    const folderList = await reliably(() => api()("GET", `/v1/folders?library_id=${libraryId}&limit=100`));
    const folderNames = folderList.body.data.map((f: { name: string }) => f.name).sort();
    expect(folderNames).toEqual(Array.from({ length: ITEMS }, (_, i) => `F${i}`).sort());

    const fileList = await reliably(() =>
      api()("GET", `/v1/files?library_id=${libraryId}&recursive=true&limit=100`),
    );
    const listed = fileList.body.data as { id: string; name: string; folder_id: string; status: string }[];
    const expected = files.filter((id) => !deleted.has(id));
    expect(listed.map((f) => f.id).sort()).toEqual([...expected].sort());
    expect(new Set(listed.map((f) => f.name)).size).toBe(listed.length);
    for (const file of listed) {
      expect(folders).toContain(file.folder_id);
      const versions = await reliably(() => api()("GET", `/v1/files/${file.id}/versions`));
      expect(versions.body.data).toHaveLength(1);
    }

    const events = () => {
      const byId = new Map<string, { type: string; data: { id: string } }>();
      for (const request of receiver.received) {
        const event = JSON.parse(request.body.toString());
        byId.set(event.id, event);
      }
      return [...byId.values()];
    };
    const has = (type: string, id: string) => events().some((e) => e.type === type && e.data.id === id);
    await waitFor(
      () =>
        folders.every((id) => has("folder.created", id)) &&
        files.every((id) => has("file.created", id) && has("file.moved", id)) &&
        [...deleted].every((id) => has("file.deleted", id)),
      60_000,
      "every committed change delivered",
    );
    // Processing cut short by the kills ran again: every kept file is ready, and said so once.
    for (const id of expected) expect((await waitUntilProcessed(api(), id, 60_000)).status).toBe("ready");
    await waitFor(() => expected.every((id) => has("file.processed", id)), 60_000, "every file.processed");
    for (const id of expected) {
      expect(events().filter((e) => e.type === "file.processed" && e.data.id === id)).toHaveLength(1);
    }
    const known = new Set([...folders, ...files]);
    for (const event of events())
      expect(known, `${event.type} for ${event.data.id}`).toContain(event.data.id);
    for (const type of ["folder.created", "file.created", "file.moved"]) {
      for (const id of type.startsWith("folder") ? folders : files) {
        expect(
          events().filter((e) => e.type === type && e.data.id === id),
          `${type} ${id}`,
        ).toHaveLength(1);
      }
    }
    const workDirs = (await readdir(path.join(service.dataDir, "tmp"))).filter((name) =>
      name.startsWith("bs-"),
    );
    expect(workDirs, "work directories left behind").toEqual([]);
    await expectNoOrphanBlobs();
  }, 300_000);
});

/**
 * After the reclaim job (run here, a grace period later, on the stopped service's database and store): every
 * stored blob is one something points at, and everything something points at is stored.
 */
async function expectNoOrphanBlobs() {
  service.spawned.child.kill("SIGTERM");
  await service.spawned.exited;
  const database = await openDatabase(
    service.databaseUrl
      ? { url: service.databaseUrl, poolSize: 2 }
      : { pgliteDir: path.join(service.dataDir, "pglite") },
  );
  const blobs = createBlobStore({ kind: "disk", root: path.join(service.dataDir, "blobs") });
  try {
    const later = new Date(Date.now() + BLOB_GRACE_MS + 60_000);
    await reclaimBlobs({ db: database.db, deps: { blobs } } as never, { now: later });
    const referenced = rowsOf<{ sha256: string }>(
      await database.db.execute(sql`
        select blob_sha256 as sha256 from file_versions union select blob_sha256 from renditions
        union select blob_sha256 from uploads where status = 'pending' and blob_sha256 is not null`),
    ).map((r) => r.sha256);
    const stored: string[] = [];
    for await (const sha256 of blobs.list()) stored.push(sha256);
    expect(stored.sort()).toEqual([...new Set(referenced)].sort());
  } finally {
    await blobs.close();
    await database.close();
  }
}
