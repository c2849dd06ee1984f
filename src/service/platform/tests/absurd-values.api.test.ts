import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

const expect400 = async (method: string, path: string, body?: unknown) => {
  const res = await owner(method, path, body === undefined ? {} : { body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
  expect(res.body).toMatchObject({ object: "error", code: "validation_error" });
  return res.body.details.errors as { param: string; message: string }[];
};

describe("values no database can hold", () => {
  it("answers 400 for dates outside the years 1 to 9999", async () => {
    expect(await expect400("GET", "/v1/files?created_after=0000-01-01T00:00:00Z")).toEqual([
      { param: "created_after", message: "must be a date between the years 1 and 9999" },
    ]);
    await expect400("GET", "/v1/files?created_before=0001-01-01T00:00:00%2B05:00");
    await expect400("GET", "/v1/files?created_before=%2B275760-09-13T00:00:00Z");
    const webhook = await owner("POST", "/v1/webhooks", {
      body: { url: "https://hooks.example.com/absurd", events: ["*"] },
    });
    expect(webhook.status, webhook.text).toBe(201);
    await expect400("POST", `/v1/webhooks/${webhook.body.id}/replays`, { since: "0000-06-01T00:00:00Z" });
  });

  it("answers 400 for sizes past what a double holds exactly", async () => {
    expect(await expect400("GET", "/v1/files?min_size=99999999999999999999")).toEqual([
      { param: "min_size", message: "must be at most 9007199254740991" },
    ]);
    // Written as an exponent it is no number a query takes (plain digits only).
    expect(await expect400("GET", "/v1/files?min_size=1e308")).toEqual([
      { param: "min_size", message: "must be a number written in plain digits (such as 50 or 2.5)" },
    ]);
    await expect400("GET", "/v1/files?max_size=99999999999999999999");
    await expect400("GET", "/v1/files?max_size=-1");
    expect((await owner("GET", "/v1/files?max_size=9007199254740991")).status).toBe(200);
    // A sign is part of plain digits, `+` as well as `-`.
    expect((await owner("GET", "/v1/files?min_size=%2B5&limit=%2B5")).status).toBe(200);
  });

  it("answers 400 for NUL characters in paths, queries and bodies", async () => {
    await expect400("GET", "/v1/files/%00");
    await expect400("GET", "/v1/files?q=%00");
    expect(await expect400("POST", "/v1/libraries", { name: "a\u0000b" })).toEqual([
      { param: "name", message: "must not contain NUL characters" },
    ]);
    await expect400("POST", "/v1/uploads", { name: "x\u0000.png", size: 1 });
    // Inside the filter's JSON, as an escape the query's own check cannot see; a lone surrogate likewise.
    for (const value of ["a\\u0000b", "a\\ud800"]) {
      const filter = encodeURIComponent(`{"field":"name","op":"contains","value":"${value}"}`);
      const errors = await expect400("GET", `/v1/files?filter=${filter}`);
      expect(errors[0]!.param).toBe("filter.value");
    }
    expect((await owner("GET", "/v1/libraries")).status).toBe(200);
  });
});
