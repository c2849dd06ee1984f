import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ImportRecord } from "../../contract/imports.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

/**
 * A cap small enough that a whole answer arrives in its first read, before the import looks at its announced
 * size: abandoning that body once ended the process (undici reports it as an unhandled `error`).
 */
const CAP = 50;
let server: Server;
let service: TestService;
let owner: ApiCall;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-length": "100" }).end(Buffer.alloc(100, 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  service = await startTestService({
    workers: true,
    env: { IMPORT_ALLOW_HOSTS: `127.0.0.1:${port}`, IMPORT_MAX_BYTES: String(CAP) },
  });
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(async () => {
  await service?.close();
  server?.close();
});

it("an answer over the cap that has already arrived whole fails the import, and the service lives on", async () => {
  const { port } = server.address() as AddressInfo;
  const started = await owner("POST", "/v1/files/import", {
    body: { url: `http://127.0.0.1:${port}/whole.bin`, library_id: service.seed.libraries.shared },
  });
  expect(started.status).toBe(202);
  let record = ImportRecord.parse(started.body);
  for (let i = 0; i < 150 && record.status !== "failed" && record.status !== "completed"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    record = ImportRecord.parse((await owner("GET", `/v1/imports/${record.id}`)).body);
  }
  expect(record).toMatchObject({ status: "failed", size: 100, error: { code: "file_too_large" } });
  expect((await owner("GET", "/v1/libraries")).status).toBe(200);
});
