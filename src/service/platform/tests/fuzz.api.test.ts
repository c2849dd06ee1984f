import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../../contract/errors.ts";
import { allOperations } from "../../../contract/operations/index.ts";
import { ALL_SCOPES } from "../../../contract/scopes.ts";
import { solidPng, uploadBytes } from "../../testing/content-fixtures.ts";
import { type IdPool, requestArbitrary } from "../../testing/fuzz/request-arbitrary.ts";
import { type ApiCall, apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

/**
 * Every operation of the contract, fuzzed: requests generated from its own schemas and from hostile values, sent
 * with keys of every seeded role (and none). Each answer must be a documented status below 500 with the uniform
 * error body, within a bounded time, and the service keeps serving. Fixed seed in CI; longer on demand:
 * `FUZZ_RUNS=200 FUZZ_SEED=7 npx vitest run src/service/platform/tests/fuzz.api.test.ts`.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const ANSWER_WITHIN_MS = 15_000;
const DOCUMENTED = new Set([
  200, 201, 202, 204, 400, 401, 403, 404, 405, 408, 409, 410, 413, 415, 422, 429, 431,
]);

let service: TestService;
let keys: (string | null)[];
const ids: IdPool = {};
let sent = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  service = await startTestService({
    workers: true,
    env: {
      RATE_LIMITS:
        "sustained=1000000/1m,search=1000000/1m,uploads=1000000/1h,downloads=1000000/1h,month=100000000/1mo",
    },
  });
  const owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  const users = service.seed.users;
  keys = [
    service.seed.ownerKey,
    await service.createKey(ALL_SCOPES, { email: users.editor.email }),
    await service.createKey(ALL_SCOPES, { email: users.viewer.email }),
    await service.createKey(["files:read"]),
    null,
  ];
  await collectIds(owner);
}, 60_000);
afterAll(() => service?.close());

async function collectIds(owner: ApiCall) {
  const add = (kind: string, id: string | undefined) => {
    if (!id) return;
    ids[kind] ??= [];
    ids[kind].push(id);
  };
  const library = await owner("POST", "/v1/libraries", { body: { name: "Fuzz" } });
  add("libraryId", library.body.id);
  add("libraryId", service.seed.libraries.restricted);
  const folder = await owner("POST", "/v1/folders", { body: { name: "F", library_id: library.body.id } });
  add("folderId", folder.body.id);
  const file = await uploadBytes(owner, await solidPng(), { name: "fuzz.png", folder_id: folder.body.id });
  add("fileId", file.id);
  add("versionId", file.version?.active_id);
  add("boardId", service.seed.boards.shared);
  add("boardId", service.seed.boards.restricted);
  const property = await owner("POST", "/v1/properties", {
    body: { name: "Status", type: "tag", options: [{ label: "Draft" }] },
  });
  add("propertyId", property.body.id);
  add("optionId", property.body.options?.[0]?.id);
  const webhook = await owner("POST", "/v1/webhooks", {
    body: { url: "https://127.0.0.1:9/hook", events: ["file.created"], enabled: false },
  });
  add("webhookId", webhook.body.id);
  const upload = await owner("POST", "/v1/uploads", {
    body: { name: "u.bin", size: 10, folder_id: folder.body.id },
  });
  add("uploadId", upload.body.id);
  const comment = await owner("POST", `/v1/files/${file.id}/comments`, { body: { text: "Fuzz" } });
  add("commentId", comment.body.id);
  const reply = await owner("POST", `/v1/files/${file.id}/comments/${comment.body.id}/replies`, {
    body: { text: "Reply" },
  });
  add("replyId", reply.body.id);
  add("user_id", service.seed.users.viewer.id);
  add("partNumber", "1");
  add("variant", "thumbnail");
}

async function send(
  key: string | null,
  request: { method: string; path: string; body?: unknown; raw?: string },
) {
  sent++;
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  let body: string | undefined;
  if (request.raw !== undefined) body = request.raw;
  else if (request.body !== undefined) body = JSON.stringify(request.body);
  if (body !== undefined && request.method !== "GET") headers["content-type"] = "application/json";
  const response = await fetch(`${service.regionalUrl}${request.path}`, {
    method: request.method,
    headers,
    body: request.method === "GET" ? undefined : body,
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// Mostly the owner, so that requests get past authentication to the rules behind it; every role still shows up.
const keyIndex = fc.oneof(
  { weight: 5, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.constantFrom(2, 3, 4) },
);

describe("fuzzing every operation", () => {
  for (const operation of allOperations) {
    it(`${operation.method} ${operation.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(keyIndex, requestArbitrary(operation, ids), async (keyIndex, request) => {
          const answer = await send(keys[keyIndex]!, request);
          const where = `${request.method} ${request.path.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 300)}`;
          expect(DOCUMENTED.has(answer.status), where).toBe(true);
          if (answer.status >= 400) {
            const parsed = ErrorBody.safeParse(JSON.parse(answer.text));
            expect(parsed.success, where).toBe(true);
            expect(parsed.data?.request_id, where).toBe(answer.headers.get("x-request-id"));
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
    }, 120_000);
  }

  it("keeps serving afterwards", async () => {
    const health = await fetch(`${service.regionalUrl}/v1/health`);
    expect(health.status).toBe(200);
    if (process.env.FUZZ_REPORT)
      console.log(`fuzz: ${sent} requests, by status`, Object.fromEntries(statuses));
    expect(sent).toBeGreaterThanOrEqual(allOperations.length * RUNS_PER_OPERATION);
  });
});
