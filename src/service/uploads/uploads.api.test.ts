import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { File, Version } from "../../contract/files.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { MiB, Upload } from "../../contract/uploads.ts";
import { events, uploads } from "../db/schema/index.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;
let libraryId: string;

beforeAll(async () => {
  service = await startTestService({ workers: true });
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  libraryId = (await api("POST", "/v1/libraries", { body: { name: "Uploads" } })).body.id;
});
afterAll(() => service?.close());

describe("single-PUT upload", () => {
  it("creates a file whose kind, mime and extension follow the bytes, then processes it", async () => {
    const png = await solidPng(640, 480);
    const created = await api("POST", "/v1/uploads", {
      body: { name: "logo.jpg", size: png.length, mime: "text/plain", library_id: libraryId },
    });
    expect(created.status).toBe(201);
    const upload = Upload.parse(created.body);
    expect(upload).toMatchObject({
      status: "pending",
      method: "single",
      part_size: png.length,
      parts: [],
      received_parts: [],
    });
    expect(upload.upload_url).toContain(`/v1/uploads/${upload.id}/content?expires=`);

    const put = await fetch(upload.upload_url!, {
      method: "PUT",
      body: new Uint8Array(png),
      headers: { "content-type": "application/json" },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ number: 1, size: png.length });
    expect((await api("GET", `/v1/uploads/${upload.id}`)).body.received_parts).toHaveLength(1);

    const done = await api("POST", `/v1/uploads/${upload.id}/complete`);
    expect(done.status).toBe(201);
    const file = File.parse(done.body);
    expect(file).toMatchObject({
      kind: "image",
      mime: "image/png",
      extension: "png",
      name: "logo.jpg",
      size: png.length,
      status: "processing",
    });
    expect(file.version).toMatchObject({ count: 1, active_number: 1 });

    const ready = File.parse(await waitUntilProcessed(api, file.id));
    expect(ready.status).toBe("ready");
    expect(ready.resolution).toBe("640x480");
    expect(ready.thumbnail_url).not.toBeNull();
    expect(ready.renditions.preview_url).not.toBeNull();
    const thumb = await fetch(ready.thumbnail_url!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("x-content-type-options")).toBe("nosniff");
    const preview = await api("GET", `/v1/files/${file.id}/download?rendition=preview`);
    expect(preview.body).toMatchObject({ name: "logo-preview.webp", mime: "image/webp" });
    const previewBytes = await fetch(preview.body.url);
    expect(previewBytes.headers.get("content-disposition")).toBe(
      `attachment; filename="logo-preview.webp"; filename*=UTF-8''logo-preview.webp`,
    );

    const again = await api("POST", `/v1/uploads/${upload.id}/complete`);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(file.id);
  });

  it("answers 413 to a body far over the upload's size and goes on serving", async () => {
    const created = await api("POST", "/v1/uploads", {
      body: { name: "small.bin", size: 10, library_id: libraryId },
    });
    const put = await fetch(created.body.upload_url, { method: "PUT", body: new Uint8Array(2 * MiB) });
    expect(put.status).toBe(413);
    expect((await put.json()).code).toBe("payload_too_large");
    // Past the time a refused body is read and dropped for: the process is still there, and serving.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await api("GET", `/v1/uploads/${created.body.id}`)).status).toBe(200);
  });

  it("refuses bytes that do not match the declared size, and expired or forged URLs", async () => {
    const created = await api("POST", "/v1/uploads", {
      body: { name: "a.bin", size: 10, library_id: libraryId },
    });
    const url: string = created.body.upload_url;
    const short = await fetch(url, { method: "PUT", body: "12345" });
    expect(short.status).toBe(400);
    const long = await fetch(url, { method: "PUT", body: "12345678901234567890" });
    expect([413, 400]).toContain(long.status);
    const forged = await fetch(url.replace(/signature=[^&]+/, "signature=AAAA"), {
      method: "PUT",
      body: "1234567890",
    });
    expect(forged.status).toBe(404);
    const notYet = await api("POST", `/v1/uploads/${created.body.id}/complete`);
    expect(notYet.status).toBe(400);
    const ok = await fetch(url, { method: "PUT", body: "1234567890" });
    expect(ok.status).toBe(200);
    const file = (await api("POST", `/v1/uploads/${created.body.id}/complete`)).body;
    expect(file).toMatchObject({ kind: "document", mime: "text/plain", size: 10 });
  });

  it("refuses a declared size over 50 GiB as too large, and a completion naming parts it did not receive", async () => {
    const huge = await api("POST", "/v1/uploads", {
      body: { name: "huge.bin", size: 50 * 1024 ** 3 + 1, library_id: libraryId },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: "payload_too_large", details: { errors: [{ param: "size" }] } });
    const negative = await api("POST", "/v1/uploads", {
      body: { name: "x.bin", size: -1, library_id: libraryId },
    });
    expect(negative.status).toBe(400);

    const bytes = Buffer.from("brand guidelines");
    const upload = (
      await api("POST", "/v1/uploads", { body: { name: "g.txt", size: bytes.length, library_id: libraryId } })
    ).body;
    const put = await (await fetch(upload.upload_url, { method: "PUT", body: new Uint8Array(bytes) })).json();
    expect(put).toEqual({ object: "upload_part", number: 1, etag: expect.any(String), size: bytes.length });
    for (const parts of [
      [{ number: 2, etag: put.etag }],
      [{ number: 1, etag: "not-it" }],
      [{ number: 1 }],
      [{ number: 1, etag: put.etag, size: bytes.length }],
      [
        { number: 1, etag: put.etag },
        { number: 1, etag: put.etag },
      ],
      [],
    ]) {
      const wrong = await api("POST", `/v1/uploads/${upload.id}/complete`, { body: { parts } });
      expect(wrong.status, JSON.stringify(parts)).toBe(400);
      expect(wrong.body.details.errors[0].param).toMatch(/^parts/);
    }
    const done = await api("POST", `/v1/uploads/${upload.id}/complete`, {
      body: { parts: [{ number: 1, etag: put.etag }] },
    });
    expect(done.status).toBe(201);
  });

  it("needs a destination the caller may write to", async () => {
    expect(
      (await api("POST", "/v1/uploads", { body: { name: "x", size: 1, library_id: "lib_missing" } })).status,
    ).toBe(404);
    expect(
      (await api("POST", "/v1/uploads", { body: { name: "x", size: -1, library_id: libraryId } })).status,
    ).toBe(400);
    const viewer = apiClient(
      service.regionalUrl,
      await service.createKey(["files:write"], { email: "viewer@example.com" }),
    );
    expect(
      (
        await viewer("POST", "/v1/uploads", {
          body: { name: "x", size: 1, library_id: service.seed.libraries.shared },
        })
      ).status,
    ).toBe(403);
    // A library the viewer cannot see is not found, whatever its role may do.
    const invisible = await viewer("POST", "/v1/uploads", {
      body: { name: "x", size: 1, library_id: service.seed.libraries.restricted },
    });
    expect(invisible.status).toBe(404);
  });

  it("aborts", async () => {
    const created = await api("POST", "/v1/uploads", { body: { name: "x", size: 3, library_id: libraryId } });
    const aborted = await api("DELETE", `/v1/uploads/${created.body.id}`);
    expect(aborted.body).toMatchObject({ object: "upload", deleted: true });
    expect((await fetch(created.body.upload_url, { method: "PUT", body: "abc" })).status).toBe(409);
    expect((await api("GET", `/v1/uploads/${created.body.id}`)).body.status).toBe("aborted");
  });
});

describe("an upload, import or page that names no place", () => {
  it("goes to the top level of the caller's oldest library it can add files to; with none, 400", async () => {
    const { users, libraries } = service.seed;
    const asEditor = apiClient(
      service.regionalUrl,
      await service.createKey(ALL_SCOPES, { email: users.editor.email }),
    );
    const asViewer = apiClient(
      service.regionalUrl,
      await service.createKey(ALL_SCOPES, { email: users.viewer.email }),
    );
    const oldestOf = async (call: ApiCall, ids: string[]) => {
      const listed = (await call("GET", "/v1/libraries?limit=100")).body.data as {
        id: string;
        created_at: string;
      }[];
      const editable = listed.filter((library) => ids.includes(library.id));
      editable.sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1));
      return editable[0]!.id;
    };
    const everyLibrary = ((await api("GET", "/v1/libraries?limit=100")).body.data as { id: string }[]).map(
      (library) => library.id,
    );
    const cases = [
      [api, await oldestOf(api, everyLibrary)],
      // The editor may add files to the two seeded libraries; the one created above is not theirs.
      [asEditor, await oldestOf(asEditor, [libraries.shared, libraries.restricted])],
    ] as const;
    for (const [call, expected] of cases) {
      const upload = await call("POST", "/v1/uploads", { body: { name: "anywhere.png", size: 10 } });
      expect(upload.status).toBe(201);
      expect(upload.body).toMatchObject({ library_id: expected, folder_id: null });
      const imported = await call("POST", "/v1/files/import", {
        body: { url: "http://127.0.0.1:9/anywhere.png" },
      });
      expect(imported.status).toBe(202);
      expect(imported.body).toMatchObject({ library_id: expected, folder_id: null });
      const page = await call("POST", "/v1/pages", { body: { title: "Anywhere" } });
      expect(page.status).toBe(201);
      expect(page.body).toMatchObject({ library_id: expected, folder_id: null });
    }
    // The viewer can see a library but add files to none.
    const refused = await asViewer("POST", "/v1/uploads", { body: { name: "anywhere.png", size: 10 } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.errors).toEqual([
      { param: "library_id", message: "send library_id or folder_id: you have no library to add files to" },
    ]);
  });
});

describe("expired upload", () => {
  /** Moves the upload's expiry into the past, as a day's wait would; the hourly expiry job has not run yet. */
  const expire = (uploadId: string) =>
    service.deps.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.id, uploadId));

  it("answers 410 expired on every operation, and reads as expired", async () => {
    const single = Upload.parse(
      (await api("POST", "/v1/uploads", { body: { name: "late.txt", size: 5, library_id: libraryId } })).body,
    );
    const multi = Upload.parse(
      (
        await api("POST", "/v1/uploads", {
          body: { name: "late.bin", size: 101 * MiB, library_id: libraryId },
        })
      ).body,
    );
    await expire(single.id);
    await expire(multi.id);

    for (const upload of [single, multi]) {
      const read = await api("GET", `/v1/uploads/${upload.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ status: "expired", upload_url: null, parts: [] });
    }
    const answers = [
      await fetch(single.upload_url!, { method: "PUT", body: "12345" }),
      await fetch(multi.parts[0]!.url, { method: "PUT", body: new Uint8Array(8 * MiB) }),
      await api("POST", `/v1/uploads/${single.id}/complete`),
      await api("POST", `/v1/uploads/${multi.id}/complete`),
      await api("DELETE", `/v1/uploads/${single.id}`),
      await api("DELETE", `/v1/uploads/${multi.id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(410);
      const body = answer instanceof Response ? await answer.json() : answer.body;
      expect(body).toMatchObject({ code: "expired", message: expect.stringContaining("upload has expired") });
    }
    // Aborting did not turn it into an aborted upload: it stays expired.
    expect((await api("GET", `/v1/uploads/${single.id}`)).body.status).toBe("expired");
  });
});

describe("multipart upload", () => {
  it("takes parts out of order, retried, and resumes", async () => {
    const size = 100 * 1024 * 1024 + 3 * 1024 * 1024;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) bytes[i] = i % 251;
    const created = await api("POST", "/v1/uploads", {
      body: { name: "big.bin", size, library_id: libraryId },
    });
    const upload = Upload.parse(created.body);
    expect(upload.method).toBe("multipart");
    expect(upload.part_size).toBe(8 * 1024 * 1024);
    expect(upload.parts).toHaveLength(13);
    const partBytes = (n: number) =>
      bytes.subarray((n - 1) * upload.part_size, Math.min(size, n * upload.part_size));
    const put = (n: number, body: Uint8Array = partBytes(n)) =>
      fetch(upload.parts[n - 1]!.url, { method: "PUT", body: new Uint8Array(body) });

    expect((await put(13)).status).toBe(200);
    expect((await put(2, partBytes(2).subarray(0, 100))).status).toBe(400);
    for (let n = 1; n <= 12; n++) expect((await put(n)).status).toBe(200);
    expect((await put(5)).status).toBe(200);

    const resumed = await api("GET", `/v1/uploads/${upload.id}`);
    expect(resumed.body.received_parts.map((p: { number: number }) => p.number)).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
    // A list names every part with its etag: one that leaves parts out is not read as "these parts only".
    const received = resumed.body.received_parts as { number: number; etag: string }[];
    const partial = await api("POST", `/v1/uploads/${upload.id}/complete`, {
      body: { parts: received.slice(0, 12).map(({ number, etag }) => ({ number, etag })) },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.details.errors[0]).toMatchObject({
      param: "parts",
      message: expect.stringMatching(/12 of/),
    });
    const done = await api("POST", `/v1/uploads/${upload.id}/complete`, {
      body: { parts: received.map(({ number, etag }) => ({ number, etag })).reverse() },
    });
    expect(done.status).toBe(201);
    expect(done.body.size).toBe(size);

    const link = await api("GET", `/v1/files/${done.body.id}/download`);
    const range = await fetch(link.body.url, { headers: { range: `bytes=${size - 10}-` } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(size - 10));
    // 103 MB, through two API processes and the S3 emulator under scale-out: 11 s alone here, past 30 s twice in
    // CI beside the other test files.
  }, 120_000);

  it("refuses completion while parts are missing", async () => {
    const size = 101 * 1024 * 1024;
    const upload = (
      await api("POST", "/v1/uploads", { body: { name: "gappy.bin", size, library_id: libraryId } })
    ).body;
    await fetch(upload.parts[0].url, { method: "PUT", body: new Uint8Array(8 * 1024 * 1024) });
    const res = await api("POST", `/v1/uploads/${upload.id}/complete`);
    expect(res.status).toBe(400);
    expect(res.body.details.errors[0].message).toContain("2");
  });
});

describe("new versions", () => {
  it("the file's type follows the active version, back and forth", async () => {
    const file = await uploadBytes(api, await solidPng(8, 8), { name: "mark.png", library_id: libraryId });
    const text = Version.parse(
      await uploadBytes(api, Buffer.from("plain words\n"), { name: "mark.txt", file_id: file.id }),
    );
    expect(await waitUntilProcessed(api, file.id)).toMatchObject({ extension: "txt", kind: "document" });
    const v1 = (await api("GET", `/v1/files/${file.id}/versions`)).body.data[1];
    expect((await api("POST", `/v1/files/${file.id}/versions/${v1.id}/activate`)).status).toBe(200);
    expect((await api("GET", `/v1/files/${file.id}`)).body).toMatchObject({
      extension: "png",
      kind: "image",
      mime: "image/png",
    });
    const listed = async (extension: string) =>
      (await api("GET", `/v1/files?library_id=${libraryId}&extensions=${extension}&limit=100`)).body.data.map(
        (f: { id: string }) => f.id,
      );
    expect(await listed("png")).toContain(file.id);
    expect(await listed("txt")).not.toContain(file.id);
    expect((await api("POST", `/v1/files/${file.id}/versions/${text.id}/activate`)).status).toBe(200);
    expect((await api("GET", `/v1/files/${file.id}`)).body.extension).toBe("txt");
  });

  it("uploading with file_id adds the active version; numbers are never reused", async () => {
    const first = await uploadBytes(api, await solidPng(32, 32), {
      name: "brand.png",
      library_id: libraryId,
    });
    const v2 = Version.parse(
      await uploadBytes(api, await solidPng(64, 32), { name: "brand-v2.png", file_id: first.id }),
    );
    expect(v2).toMatchObject({ file_id: first.id, version_number: 2, is_active: true });
    const file = await waitUntilProcessed(api, first.id);
    expect(file.version).toMatchObject({ count: 2, active_number: 2, active_id: v2.id });
    expect(file.resolution).toBe("64x32");
    expect(file.name).toBe("brand.png");

    const versions = await api("GET", `/v1/files/${first.id}/versions`);
    expect(versions.body.data.map((v: { version_number: number }) => v.version_number)).toEqual([2, 1]);
    const v1 = versions.body.data[1];
    expect((await api("DELETE", `/v1/files/${first.id}/versions/${v2.id}`)).status).toBe(409);
    const activated = await api("POST", `/v1/files/${first.id}/versions/${v1.id}/activate`);
    expect(activated.body).toMatchObject({ id: v1.id, is_active: true });
    const activations = async () =>
      (await service.deps.db.select().from(events)).filter(
        (e) => e.type === "file.version.activated" && (e.data as { id?: string }).id === v1.id,
      ).length;
    expect(await activations()).toBe(1);
    const again = await api("POST", `/v1/files/${first.id}/versions/${v1.id}/activate`);
    expect(again.body).toMatchObject({ id: v1.id, is_active: true });
    expect(await activations()).toBe(1);
    expect((await api("GET", `/v1/files/${first.id}`)).body.version).toMatchObject({
      active_id: v1.id,
      active_number: 1,
    });
    // A version's comments go with it, each announced: comment.deleted by the system, before the version's event.
    const onV2 = await api("POST", `/v1/files/${first.id}/comments`, {
      body: { text: "On v2", version_id: v2.id },
    });
    expect(onV2.status, onV2.text).toBe(201);
    await api("POST", `/v1/files/${first.id}/comments/${onV2.body.id}/replies`, { body: { text: "Agreed" } });
    expect((await api("DELETE", `/v1/files/${first.id}/versions/${v2.id}`)).status).toBe(200);
    expect((await api("GET", `/v1/files/${first.id}/comments/${onV2.body.id}`)).status).toBe(404);
    const after = (await service.deps.db.select().from(events).orderBy(asc(events.seq))).filter(
      (e) => (e.data as { id?: string }).id === onV2.body.id || (e.data as { id?: string }).id === v2.id,
    );
    expect(after.map((e) => [e.type, e.actorType]).slice(-2)).toEqual([
      ["comment.deleted", "system"],
      ["file.version.deleted", "user"],
    ]);
    expect(after.at(-2)!.data).toEqual({ object: "comment", id: onV2.body.id, file_id: first.id });
    const v3 = await uploadBytes(api, await solidPng(16, 16), { name: "b.png", file_id: first.id });
    expect(v3.version_number).toBe(3);
    expect((await api("GET", `/v1/files/${first.id}`)).body.version).toMatchObject({
      count: 2,
      active_number: 3,
    });
  });

  it("a page takes no uploaded version: it stays a page", async () => {
    const page = (await api("POST", "/v1/pages", { body: { title: "Launch", library_id: libraryId } })).body;
    const refused = await api("POST", "/v1/uploads", { body: { name: "x.png", size: 10, file_id: page.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("conflict");
    expect((await api("GET", `/v1/pages/${page.id}`)).body).toMatchObject({ id: page.id, title: "Launch" });
    const pages = await api("GET", `/v1/pages?library_id=${libraryId}`);
    expect(pages.body.data.map((p: { id: string }) => p.id)).toContain(page.id);
  });

  it("a corrupt image ends failed with a reason, never stuck processing", async () => {
    const png = await solidPng(100, 100);
    const broken = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]);
    const file = await uploadBytes(api, broken, { name: "broken.png", library_id: libraryId });
    const settled = await waitUntilProcessed(api, file.id);
    expect(settled.status).toBe("failed");
    expect(settled.thumbnail_url).toBeNull();
  });
});
