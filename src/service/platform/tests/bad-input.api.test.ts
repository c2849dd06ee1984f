import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../../contract/errors.ts";
import { type ApiCall, apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

let service: TestService;
let regional: ApiCall;
let central: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  regional = apiClient(service.regionalUrl, service.seed.ownerKey);
  central = apiClient(service.centralUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

function expectError(res: { status: number; body: unknown; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(res.body);
  expect(body).toMatchObject({ object: "error", status, code });
  expect(body.request_id).toBe(res.headers.get("x-request-id"));
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe("authentication", () => {
  it("401 with WWW-Authenticate for a missing, malformed, unknown or revoked key", async () => {
    const missing = await central("GET", "/v1/me", { key: null });
    expectError(missing, 401, "unauthorized");
    expect(missing.headers.get("www-authenticate")).toBe("Bearer");
    expectError(
      await central("GET", "/v1/me", { headers: { authorization: "Basic abc" }, key: null }),
      401,
      "unauthorized",
    );
    expectError(await central("GET", "/v1/me", { key: "bsk_us_notakey" }), 401, "unauthorized");
    const unknown = `bsk_us_${"A".repeat(40)}`;
    expectError(await central("GET", "/v1/me", { key: unknown }), 401, "unauthorized");
    const key = await service.createKey(["brandspace:read"]);
    expect((await central("GET", "/v1/me", { key })).status).toBe(200);
    const { revokeApiKey, listApiKeys } = await import("../../keys/keys.service.ts");
    const brandspaceId = service.seed.brandspaceId;
    const stored = (await listApiKeys({ db: service.deps.db }, { brandspaceId })).at(-1)!;
    await revokeApiKey({ db: service.deps.db }, { brandspaceId, keyId: stored.id });
    expectError(await central("GET", "/v1/me", { key }), 401, "unauthorized");
  });

  it("a key whose region segment was altered is unknown", async () => {
    const key = service.seed.ownerKey.replace("bsk_us_", "bsk_eu_");
    expectError(await central("GET", "/v1/me", { key }), 401, "unauthorized");
  });
});

describe("scopes", () => {
  it("403 insufficient_scope names the scope; write implies read", async () => {
    const readOnly = await service.createKey(["libraries:read"]);
    const denied = await regional("POST", "/v1/libraries", { key: readOnly, body: { name: "x" } });
    expect(expectError(denied, 403, "insufficient_scope").details).toEqual({
      required_scope: "libraries:write",
    });
    const writer = await service.createKey(["libraries:write"]);
    expect((await regional("GET", "/v1/libraries", { key: writer })).status).toBe(200);
    const noLibraries = await service.createKey(["files:read"]);
    expectError(await regional("GET", "/v1/libraries", { key: noLibraries }), 403, "insufficient_scope");
    expectError(await central("GET", "/v1/members", { key: noLibraries }), 403, "insufficient_scope");
  });
});

describe("request bodies", () => {
  it("malformed JSON is 400 validation_error", async () => {
    const res = await regional("POST", "/v1/libraries", {
      rawBody: '{"name": "x",',
      headers: { "content-type": "application/json" },
    });
    expectError(res, 400, "validation_error");
  });

  it("a body that is not UTF-8, or holds an unpaired surrogate, is 400: nothing is stored altered", async () => {
    const postJson = (rawBody: string | Uint8Array<ArrayBuffer>) =>
      regional("POST", "/v1/libraries", { rawBody, headers: { "content-type": "application/json" } });
    const latin1 = Buffer.concat([Buffer.from('{"name": "Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    expectError(await postJson(new Uint8Array(latin1)), 400, "validation_error");
    const lone = await postJson('{"name": "Logo \\ud800"}');
    expectError(lone, 400, "validation_error");
    expect(lone.body.details.errors).toEqual([
      { param: "name", message: expect.stringContaining("unpaired surrogates") },
    ]);
    const paired = await postJson('{"name": "Logo \\ud83d\\ude00"}');
    expect(paired.status).toBe(201);
    expect(paired.body.name).toBe("Logo 😀");
  });

  it("a body that is not JSON is 415", async () => {
    const res = await regional("POST", "/v1/libraries", {
      rawBody: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expectError(res, 415, "unsupported_media_type");
    const form = await regional("POST", "/v1/libraries", {
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(form, 415, "unsupported_media_type");
    // JSON is UTF-8: a body declared in another charset is not read as if it were.
    for (const charset of ["iso-8859-1", "utf-16"]) {
      const declared = await regional("POST", "/v1/libraries", {
        rawBody: JSON.stringify({ name: "Latin" }),
        headers: { "content-type": `application/json; charset=${charset}` },
      });
      expect(expectError(declared, 415, "unsupported_media_type").details).toMatchObject({
        errors: [{ param: "Content-Type" }],
      });
    }
    const utf8 = await regional("POST", "/v1/libraries", {
      rawBody: JSON.stringify({ name: "Utf8" }),
      headers: { "content-type": 'application/json; charset="UTF-8"' },
    });
    expect(utf8.status).toBe(201);
  });

  it("an empty body of another type is no body: a bodiless action answers as without one", async () => {
    const library = (await regional("POST", "/v1/libraries", { body: { name: "Bodiless" } })).body;
    const folder = (await regional("POST", "/v1/folders", { body: { name: "F", library_id: library.id } }))
      .body;
    // What `curl -d ''` sends.
    for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
      expect((await regional("DELETE", `/v1/folders/${folder.id}`)).status).toBe(200);
      const restored = await regional("POST", `/v1/folders/${folder.id}/restore`, {
        rawBody: "",
        headers: { "content-type": type },
      });
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ object: "folder", id: folder.id, trashed_at: null });
    }
    // An operation that needs a body says so.
    const create = await regional("POST", "/v1/libraries", {
      rawBody: "",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(create, 400, "validation_error");
  });

  it("unknown fields are rejected by name", async () => {
    const res = await regional("POST", "/v1/libraries", { body: { name: "x", colour: "red" } });
    const body = expectError(res, 400, "validation_error");
    expect(body.details).toEqual({ errors: [{ param: "colour", message: expect.any(String) }] });
  });

  it("missing and invalid fields list every problem", async () => {
    const res = await regional("POST", "/v1/libraries", { body: { description: 5 } });
    const body = expectError(res, 400, "validation_error");
    const params = (body.details as { errors: { param: string }[] }).errors.map((e) => e.param).sort();
    expect(params).toEqual(["description", "name"]);
  });

  it("a JSON body that is not an object is 400", async () => {
    expectError(await regional("POST", "/v1/libraries", { body: [1, 2] }), 400, "validation_error");
    expectError(await regional("POST", "/v1/libraries", { body: "name" }), 400, "validation_error");
  });

  it("an oversize body is 413 and the service keeps serving", async () => {
    const res = await regional("POST", "/v1/libraries", {
      body: { name: "x", description: "y".repeat(2 * 1024 * 1024) },
    });
    expectError(res, 413, "payload_too_large");
    expect((await regional("GET", "/v1/libraries")).status).toBe(200);
  });
});

describe("query parameters", () => {
  it("limit outside 1..100 or not a number is 400", async () => {
    // Only decimal digits: not hexadecimal, exponents, spaces, or nothing at all (which Number() reads as 0).
    for (const limit of ["0", "101", "abc", "1.5", "-1", "0x10", "1e1", "%205", ""]) {
      const res = await regional("GET", `/v1/libraries?limit=${limit}`);
      const body = expectError(res, 400, "validation_error");
      expect((body.details as { errors: { param: string }[] }).errors[0]!.param).toBe("limit");
    }
    expect((await regional("GET", "/v1/libraries?limit=100")).status).toBe(200);
    expect((await regional("GET", "/v1/libraries?limit=1")).status).toBe(200);
  });

  it("created_after and created_before take a timestamp or a calendar day, and nothing else", async () => {
    for (const at of ["2000-01-01", "2000-01-01T00:00:00Z", "2000-01-01T09:30:00%2B02:00"])
      expect((await regional("GET", `/v1/files?created_after=${at}`)).status, at).toBe(200);
    for (const at of ["2026-02-30", "yesterday", "0000-01-01", "2026-1-1"]) {
      const body = expectError(
        await regional("GET", `/v1/files?created_before=${at}`),
        400,
        "validation_error",
      );
      expect((body.details as { errors: { param: string }[] }).errors).toHaveLength(1);
    }
  });

  it("a cursor that was not issued by the API is 400", async () => {
    for (const cursor of ["abc", "eyJ2IjpbXX0.AAAA", "a.b.c"]) {
      const res = await regional("GET", `/v1/libraries?cursor=${cursor}`);
      expect(expectError(res, 400, "validation_error").details).toMatchObject({
        errors: [{ param: "cursor" }],
      });
    }
  });

  it("unknown parameters are rejected", async () => {
    const res = await regional("GET", "/v1/libraries?colour=red");
    expect(expectError(res, 400, "validation_error").details).toMatchObject({
      errors: [{ param: "colour" }],
    });
  });

  it("a repeated parameter is named as repeated, and an empty id is 400, not an unknown id", async () => {
    const repeated = await regional("GET", "/v1/files?kind=image&kind=video");
    expect(expectError(repeated, 400, "validation_error").details).toEqual({
      errors: [{ param: "kind", message: "is repeated: send it once, its values comma-separated (a,b)" }],
    });
    const repeatedValue = await regional("GET", "/v1/files?sort=name&sort=size");
    expect(expectError(repeatedValue, 400, "validation_error").details).toEqual({
      errors: [{ param: "sort", message: "is repeated: send it once" }],
    });
    for (const path of [
      "/v1/files?limit=50&limit=5",
      "/v1/boards?limit=5&limit=5",
      "/v1/files?min_size=1&min_size=2",
    ]) {
      const repeatedNumber = expectError(await regional("GET", path), 400, "validation_error");
      expect(repeatedNumber.details, path).toEqual({
        errors: [
          { param: path.includes("limit") ? "limit" : "min_size", message: "is repeated: send it once" },
        ],
      });
    }
    for (const path of ["/v1/files?folder_id=", "/v1/files?library_id=", "/v1/folders?library_id="]) {
      const empty = expectError(await regional("GET", path), 400, "validation_error");
      expect(empty.details, path).toMatchObject({ errors: [{ message: "must not be empty" }] });
    }
  });
});

describe("routing", () => {
  it("unknown paths are 404 not_found and unknown ids are 404", async () => {
    expectError(await regional("GET", "/v1/nothing-here"), 404, "not_found");
    expectError(await regional("GET", "/v1/libraries/lib_01ARZ3NDEKTSV4RRFFQ69G5FAV"), 404, "not_found");
    expectError(await regional("GET", "/v1/libraries/not-even-an-id"), 404, "not_found");
    expectError(await central("GET", "/v1/members/usr_01ARZ3NDEKTSV4RRFFQ69G5FAV"), 404, "not_found");
  });

  it("a wrong method is 405 with Allow", async () => {
    const res = await regional("PUT", "/v1/libraries", { body: {} });
    expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD");
  });

  it("keeps serving after a burst of bad requests", async () => {
    const bad = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        regional("POST", "/v1/libraries", {
          rawBody: `{"name": ${i}`,
          headers: { "content-type": "application/json" },
        }),
      ),
    );
    expect(bad.every((r) => r.status === 400)).toBe(true);
    expect((await central("GET", "/v1/me")).status).toBe(200);
  });
});

describe("one naming rule for files and folders", () => {
  const badNames = ["../../x", "a/b", "a\\b", "report\r\nX-Injected: 1", "\u202Egnp.exe", "..", " "];

  it("refuses path separators, control characters and direction overrides however a name is given", async () => {
    const library = await regional("POST", "/v1/libraries", { body: { name: `Names ${Date.now()}` } });
    expect(library.status).toBe(201);
    const libraryId = (library.body as { id: string }).id;
    const folder = await regional("POST", "/v1/folders", { body: { name: "ok", library_id: libraryId } });
    expect(folder.status).toBe(201);
    const folderId = (folder.body as { id: string }).id;
    for (const name of badNames) {
      const upload = await regional("POST", "/v1/uploads", {
        body: { name, size: 3, library_id: libraryId },
      });
      expectError(upload, 400, "validation_error");
      expectError(
        await regional("POST", "/v1/folders", { body: { name, library_id: libraryId } }),
        400,
        "validation_error",
      );
      expectError(
        await regional("PATCH", `/v1/folders/${folderId}`, { body: { name } }),
        400,
        "validation_error",
      );
    }
  });
});

describe("huge values within the body limit", () => {
  it("a megabyte emoji or name is a quick 400, not a process out of memory", async () => {
    const huge = "x".repeat(1_000_000);
    const started = Date.now();
    expectError(
      await regional("POST", "/v1/boards", { body: { name: "B", emoji: huge } }),
      400,
      "validation_error",
    );
    expectError(await regional("POST", "/v1/boards", { body: { name: huge } }), 400, "validation_error");
    expectError(
      await regional("POST", "/v1/libraries", { body: { name: "😀".repeat(200_000) } }),
      400,
      "validation_error",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
