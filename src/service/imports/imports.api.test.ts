import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../contract/errors.ts";
import { ImportRecord } from "../../contract/imports.ts";
import { events } from "../db/schema/index.ts";
import { solidPng } from "../testing/content-fixtures.ts";
import { type ApiCall, type ApiResponse, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import * as repo from "./imports.repository.ts";
import { runImportJob } from "./run-import.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const MAX_BYTES = 64 * 1024;
let service: TestService;
let owner: ApiCall;
let allowed: { server: Server; port: number };
let forbidden: { server: Server; port: number };
let forbiddenHits = 0;
let png: Buffer;
const slowRelease: (() => void)[] = [];

function files(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://x");
  const path = url.pathname;
  if (path === "/logo.png")
    return response
      .writeHead(200, { "content-type": "image/png", "content-length": String(png.length) })
      .end(png);
  if (path === "/named") {
    return response
      .writeHead(200, {
        "content-type": "application/octet-stream",
        "content-disposition": 'attachment; filename="Brand Guide.png"',
      })
      .end(png);
  }
  if (path === "/missing") return response.writeHead(404).end("no");
  if (path === "/broken") return response.writeHead(500).end("oops");
  if (path === "/empty") return response.writeHead(200, { "content-length": "0" }).end();
  if (path === "/huge") return response.writeHead(200, { "content-length": String(MAX_BYTES * 10) }).end();
  // The whole body arrives at once, before the import looks at its announced size.
  if (path === "/whole-huge") return response.end(Buffer.alloc(MAX_BYTES + 1, 1));
  if (path === "/endless") {
    response.writeHead(200, { "content-type": "application/octet-stream" });
    const chunk = Buffer.alloc(16 * 1024, 1);
    const timer = setInterval(() => response.write(chunk), 5);
    response.on("close", () => clearInterval(timer));
    return;
  }
  if (path === "/stall") {
    response.writeHead(200, { "content-length": "1000" });
    response.write(Buffer.alloc(10));
    return;
  }
  if (path === "/truncated") {
    response.writeHead(200, { "content-length": String(png.length + 1000) });
    // The first bytes, the rest soon after (within a progress report's interval), then the connection is cut.
    response.write(png.subarray(0, 40));
    setTimeout(() => response.write(png.subarray(40)), 20);
    setTimeout(() => response.destroy(), 70);
    return;
  }
  if (path === "/slow") {
    // Sends half, then waits to be released: progress shows in between.
    response.writeHead(200, { "content-length": String(png.length), "content-type": "image/png" });
    response.write(png.subarray(0, 100));
    slowRelease.push(() => response.end(png.subarray(100)));
    return;
  }
  if (path.startsWith("/hop/")) {
    const n = Number(path.slice(5));
    return response.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : "/logo.png" }).end();
  }
  if (path === "/to-forbidden") {
    return response.writeHead(302, { location: `http://127.0.0.1:${forbidden.port}/logo.png` }).end();
  }
  if (path === "/to-file") return response.writeHead(302, { location: "file:///etc/passwd" }).end();
  response.writeHead(404).end();
}

beforeAll(async () => {
  png = await solidPng(32, 32);
  allowed = await listen(files);
  forbidden = await listen((_request, response) => {
    forbiddenHits++;
    response.writeHead(200).end(png);
  });
  service = await startTestService({
    workers: true,
    env: {
      IMPORT_ALLOW_HOSTS: `127.0.0.1:${allowed.port}`,
      IMPORT_MAX_BYTES: String(MAX_BYTES),
      IMPORT_STALL_TIMEOUT: "2s",
    },
  });
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(async () => {
  await service?.close();
  allowed?.server.closeAllConnections();
  allowed?.server.close();
  forbidden?.server.close();
});

const lib = () => service.seed.libraries.shared;
const at = (path: string) => `http://127.0.0.1:${allowed.port}${path}`;

async function start(body: Record<string, unknown>) {
  const res = await owner("POST", "/v1/files/import", { body: { library_id: lib(), ...body } });
  expect(res.status, res.text).toBe(202);
  return ImportRecord.parse(res.body);
}

async function settle(id: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const record = ImportRecord.parse((await owner("GET", `/v1/imports/${id}`)).body);
    if (record.status === "completed" || record.status === "failed") return record;
    if (Date.now() > until) throw new Error(`import ${id} is still ${record.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.parse(res.body).code).toBe(code);
}

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

describe("URL imports", () => {
  it("imports a file: 202 queued, then completed with a processed file, file.created and import.completed", async () => {
    const queued = await start({ url: at("/logo.png") });
    expect(queued).toMatchObject({
      object: "import",
      status: "queued",
      url: at("/logo.png"),
      file_id: null,
      error: null,
    });
    expect(queued.id).toMatch(/^imp_/);
    const done = await settle(queued.id);
    expect(done).toMatchObject({
      status: "completed",
      name: "logo.png",
      bytes_received: png.length,
      size: png.length,
    });
    expect(done.completed_at).not.toBeNull();
    const file = await owner("GET", `/v1/files/${done.file_id}`);
    expect(file.body).toMatchObject({
      name: "logo.png",
      kind: "image",
      external_url: at("/logo.png"),
      library_id: lib(),
    });
    const importEvents = await eventsOf(queued.id);
    expect(importEvents.map((e) => [e.type, e.actorType])).toEqual([["import.completed", "api_key"]]);
    expect(importEvents[0]!.data).toMatchObject({
      object: "import",
      id: queued.id,
      status: "completed",
      file_id: done.file_id,
    });
    expect((await eventsOf(done.file_id!)).map((e) => e.type)).toContain("file.created");
  });

  it("names the file from the request, Content-Disposition or the URL, and sniffs its kind", async () => {
    expect((await settle((await start({ url: at("/named") })).id)).name).toBe("Brand Guide.png");
    const asked = await settle((await start({ url: at("/named"), name: "Mine.png" })).id);
    expect(asked.name).toBe("Mine.png");
    const file = await owner("GET", `/v1/files/${asked.file_id}`);
    expect(file.body.kind).toBe("image");
  });

  it("fails with the reason: HTTP errors, empty, too large (announced or streamed), truncated, redirects", async () => {
    const cases: [string, string][] = [
      ["/missing", "http_error"],
      ["/broken", "http_error"],
      ["/empty", "empty_file"],
      ["/huge", "file_too_large"],
      ["/whole-huge", "file_too_large"],
      ["/endless", "file_too_large"],
      ["/truncated", "truncated"],
      ["/stall", "timeout"],
      ["/hop/5", "too_many_redirects"],
      ["/to-file", "url_not_allowed"],
    ];
    for (const [path, code] of cases) {
      const failed = await settle((await start({ url: at(path) })).id);
      expect([path, failed.status, failed.error?.code]).toEqual([path, "failed", code]);
      expect(failed.error!.message.length).toBeGreaterThan(0);
      const emitted = await eventsOf(failed.id);
      expect(emitted.map((e) => [e.type, e.actorType])).toEqual([["import.failed", "api_key"]]);
    }
    // A source cut short shows how far it got: every byte that came, not only those of the last report.
    expect((await settle((await start({ url: at("/truncated") })).id)).bytes_received).toBe(png.length);
    expect((await settle((await start({ url: at("/hop/4") })).id)).status).toBe("completed");
    // A refused size is still recorded as announced.
    expect((await settle((await start({ url: at("/huge") })).id)).size).toBe(MAX_BYTES * 10);
  });

  it("refuses every other loopback address, spelled any way, and redirects to one, without ever connecting", async () => {
    const port = forbidden.port;
    for (const host of [
      "127.0.0.1",
      "localhost",
      "2130706433",
      "0x7f000001",
      "0177.0.0.1",
      "127.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "0.0.0.0",
    ]) {
      const failed = await settle((await start({ url: `http://${host}:${port}/logo.png` })).id);
      expect([host, failed.status, failed.error?.code]).toEqual([host, "failed", "url_not_allowed"]);
    }
    const redirected = await settle((await start({ url: at("/to-forbidden") })).id);
    expect(redirected.error?.code).toBe("url_not_allowed");
    expect(forbiddenHits).toBe(0);
  });

  it("after a crash, the job that ran an import starts it over; another job leaves it alone", async () => {
    const system = { db: service.deps.db, deps: service.deps };
    const interrupted = await repo.insertImport(service.deps.db, {
      id: "imp_01CRASHED0000000000000000",
      brandspaceId: service.seed.brandspaceId,
      createdById: service.seed.users.owner.id,
      apiKeyId: null,
      url: at("/logo.png"),
      name: null,
      libraryId: lib(),
      folderId: null,
      status: "downloading",
      bytesReceived: 50,
      jobId: 424242,
    });
    const run = (jobId: number) => ({ jobId, signal: new AbortController().signal });
    expect((await runImportJob(system, { importId: interrupted.id, run: run(1) })).status).toBe("skipped");
    expect((await runImportJob(system, { importId: interrupted.id, run: run(424242) })).status).toBe(
      "success",
    );
    const done = await settle(interrupted.id);
    expect(done).toMatchObject({ status: "completed", bytes_received: png.length });

    // Cut short again and again (a crash loop), it gives up instead of holding a slot for ever.
    const looping = await repo.insertImport(service.deps.db, {
      id: "imp_01LOOPING0000000000000000",
      brandspaceId: service.seed.brandspaceId,
      createdById: service.seed.users.owner.id,
      apiKeyId: null,
      url: at("/logo.png"),
      name: null,
      libraryId: lib(),
      folderId: null,
      status: "downloading",
      jobId: 77,
    });
    await runImportJob(system, { importId: looping.id, run: { ...run(77), attempt: 5 } });
    expect((await settle(looping.id)).error?.code).toBe("interrupted");
  });

  it("refuses what is not an http(s) URL at once", async () => {
    for (const url of [
      "ftp://example.com/a",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "not a url",
      "",
      "http://user:pw@example.com/",
    ]) {
      expectError(
        await owner("POST", "/v1/files/import", { body: { url, library_id: lib() } }),
        400,
        "validation_error",
      );
    }
    // Without a place it goes to the caller's oldest library (uploads.api.test.ts); a place it cannot see is 404.
    expectError(
      await owner("POST", "/v1/files/import", { body: { url: at("/logo.png"), library_id: "lib_nope" } }),
      404,
      "not_found",
    );
    expectError(await owner("GET", "/v1/imports/imp_nope"), 404, "not_found");
  });

  it("runs at most 2 imports per brandspace at once; the third waits, in order, and shows progress", async () => {
    const first = await start({ url: at("/slow") });
    const second = await start({ url: at("/slow") });
    const third = await start({ url: at("/logo.png") });
    const until = Date.now() + 10_000;
    while (slowRelease.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(slowRelease).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 700));
    const waiting = ImportRecord.parse((await owner("GET", `/v1/imports/${third.id}`)).body);
    expect(waiting.status).toBe("queued");
    const running = ImportRecord.parse((await owner("GET", `/v1/imports/${first.id}`)).body);
    expect(running.status).toBe("downloading");
    expect(running.size).toBe(png.length);
    // The bytes received before the source paused show, though no more arrive.
    expect(running.bytes_received).toBe(100);
    for (const release of slowRelease.splice(0)) release();
    expect((await settle(first.id)).status).toBe("completed");
    expect((await settle(second.id)).status).toBe("completed");
    expect((await settle(third.id)).status).toBe("completed");
  });
});
