import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "../db/schema/index.ts";
import { apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { FAST_WEBHOOK_ENV } from "./webhooks-test-kit.ts";

let service: TestService;
let api: ReturnType<typeof apiClient>;
let readOnly: ReturnType<typeof apiClient>;
let editor: ReturnType<typeof apiClient>;
const url = "http://127.0.0.1:9/hook";

beforeAll(async () => {
  service = await startTestService({ env: FAST_WEBHOOK_ENV });
  api = apiClient(service.regionalUrl, await service.createKey(["webhooks:write"]));
  readOnly = apiClient(service.regionalUrl, await service.createKey(["webhooks:read"]));
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(["webhooks:write"], { email: service.seed.users.editor.email }),
  );
});
afterAll(() => service.close());

describe("webhook endpoints", () => {
  it("creates an endpoint and shows its secret only in that answer", async () => {
    const created = await api("POST", "/v1/webhooks", {
      body: { url, events: ["file.created", "library.created"], description: "CI" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "webhook",
      url,
      description: "CI",
      events: ["file.created", "library.created"],
      enabled: true,
      status: "enabled",
      disabled_reason: null,
    });
    expect(created.body.id).toMatch(/^whk_/);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43,}$/);
    expect(created.body.secret_hint).toBe(`whsec_…${created.body.secret.slice(-4)}`);

    const fetched = await readOnly("GET", `/v1/webhooks/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.secret).toBeUndefined();
    expect(fetched.text).not.toContain(created.body.secret);
  });

  it("stores the secret sealed: the row never holds it in clear", async () => {
    const created = await api("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    const rows = await service.deps.db.select().from(webhooks);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(created.body.secret);
    expect(dump).not.toContain(created.body.secret.slice(6));
  });

  it("rejects unknown event tokens, * mixed with types, and unknown fields", async () => {
    const unknown = await api("POST", "/v1/webhooks", { body: { url, events: ["file.exploded"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("validation_error");
    expect(unknown.body.details.errors[0].param).toBe("events.0");
    expect((await api("POST", "/v1/webhooks", { body: { url, events: ["*", "file.created"] } })).status).toBe(
      400,
    );
    expect((await api("POST", "/v1/webhooks", { body: { url, events: [] } })).status).toBe(400);
    expect((await api("POST", "/v1/webhooks", { body: { url, events: ["*"], secret: "x" } })).status).toBe(
      400,
    );
  });

  it("refuses URLs that are not https or loopback http, and addresses outside the rules", async () => {
    const ftp = await api("POST", "/v1/webhooks", { body: { url: "ftp://127.0.0.1/x", events: ["*"] } });
    expect(ftp.status).toBe(400);
    expect(ftp.body.details.errors[0].param).toBe("url");
    const notUrl = await api("POST", "/v1/webhooks", { body: { url: "not a url", events: ["*"] } });
    expect(notUrl.status).toBe(400);
  });

  it("lists newest first with cursors", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await api("POST", "/v1/webhooks", { body: { url, events: ["*"] } })).body.id);
    }
    const first = await readOnly("GET", "/v1/webhooks?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.has_more).toBe(true);
    const second = await readOnly("GET", `/v1/webhooks?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data[0].id).toBe(ids[0]);
    expect(second.body.data.every((w: { secret?: string }) => w.secret === undefined)).toBe(true);
  });

  it("updates url, description, events and enabled", async () => {
    const created = await api("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    expect(created.body.description).toBeNull();
    const disabled = await api("PATCH", `/v1/webhooks/${created.body.id}`, {
      body: { enabled: false, description: "paused", events: ["folder.created"] },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      enabled: false,
      status: "disabled",
      disabled_reason: "manual",
      description: "paused",
      events: ["folder.created"],
    });
    const enabled = await api("PATCH", `/v1/webhooks/${created.body.id}`, { body: { enabled: true } });
    expect(enabled.body).toMatchObject({ enabled: true, status: "enabled", disabled_reason: null });
    const cleared = await api("PATCH", `/v1/webhooks/${created.body.id}`, { body: { description: null } });
    expect(cleared.body.description).toBeNull();
    expect((await api("PATCH", `/v1/webhooks/${created.body.id}`, { body: {} })).status).toBe(400);
  });

  it("deletes with a permanent deletion acknowledgement", async () => {
    const created = await api("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    const deleted = await api("DELETE", `/v1/webhooks/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      object: "webhook",
      id: created.body.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expect((await api("GET", `/v1/webhooks/${created.body.id}`)).status).toBe(404);
  });

  it("rolls the secret", async () => {
    const created = await api("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    const rolled = await api("POST", `/v1/webhooks/${created.body.id}/roll-secret`);
    expect(rolled.status).toBe(200);
    expect(rolled.body.object).toBe("webhook_secret");
    expect(rolled.body.secret).toMatch(/^whsec_/);
    expect(rolled.body.secret).not.toBe(created.body.secret);
    const fetched = await api("GET", `/v1/webhooks/${created.body.id}`);
    expect(fetched.body.secret_hint).toBe(`whsec_…${rolled.body.secret.slice(-4)}`);
  });

  it("needs the webhooks scope and, to read or write, the webhooks.manage permission", async () => {
    const created = await api("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    const denied = await readOnly("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("insufficient_scope");
    const forbidden = await editor("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("forbidden");
    expect((await editor("DELETE", `/v1/webhooks/${created.body.id}`)).body.code).toBe("forbidden");
    // Endpoint URLs, response excerpts and event bodies are for those who manage webhooks.
    expect((await editor("GET", `/v1/webhooks/${created.body.id}`)).body.code).toBe("forbidden");
    expect((await editor("GET", "/v1/webhooks")).body.code).toBe("forbidden");
    // The permission is looked at first: an unknown endpoint answers as a known one, so ids cannot be probed.
    const unknown = "whk_01ARZ3NDEKTSV4RRFFQ69G5FAV";
    for (const [method, path] of [
      ["GET", `/v1/webhooks/${unknown}`],
      ["DELETE", `/v1/webhooks/${unknown}`],
      ["PATCH", `/v1/webhooks/${unknown}`],
      ["POST", `/v1/webhooks/${unknown}/roll-secret`],
      ["GET", `/v1/webhooks/${unknown}/deliveries`],
    ] as const) {
      const answer = await editor(method, path, method === "PATCH" ? { body: { enabled: false } } : {});
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.code).toBe("forbidden");
    }
    expect((await api("DELETE", `/v1/webhooks/${unknown}`)).status).toBe(404);
    expect(
      (await editor("POST", `/v1/webhooks/${unknown}/replays`, { body: { since: "2026-01-01T00:00:00Z" } }))
        .status,
    ).toBe(403);
  });

  it("answers 404 for unknown endpoints, deliveries and replays", async () => {
    expect((await api("GET", "/v1/webhooks/whk_01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    const created = await api("POST", "/v1/webhooks", { body: { url, events: ["*"] } });
    const id = created.body.id;
    expect((await api("GET", `/v1/webhooks/${id}/deliveries/dlv_x`)).status).toBe(404);
    expect((await api("GET", `/v1/webhooks/${id}/replays/rpy_x`)).status).toBe(404);
  });
});

describe("without WEBHOOK_ALLOW_LOOPBACK", () => {
  it("refuses loopback URLs, over http and https", async () => {
    const strict = await startTestService();
    try {
      const call = apiClient(strict.regionalUrl, await strict.createKey(["webhooks:write"]));
      const http = await call("POST", "/v1/webhooks", {
        body: { url: "http://127.0.0.1:9/x", events: ["*"] },
      });
      expect(http.status).toBe(400);
      expect(http.body.details.errors[0]).toMatchObject({ param: "url", message: "must use https" });
      const https = await call("POST", "/v1/webhooks", {
        body: { url: "https://127.0.0.1:9/x", events: ["*"] },
      });
      expect(https.status).toBe(400);
      expect(https.body.details.errors[0].message).toMatch(/not allowed/);
      const localhost = await call("POST", "/v1/webhooks", {
        body: { url: "https://localhost:9/x", events: ["*"] },
      });
      expect(localhost.status).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it("accepts a https host that does not resolve from here: delivery checks addresses at each connection", async () => {
    const strict = await startTestService();
    try {
      const call = apiClient(strict.regionalUrl, await strict.createKey(["webhooks:write"]));
      // RFC 6761: names under .invalid never resolve, so nothing is ever contacted.
      const created = await call("POST", "/v1/webhooks", {
        body: { url: "https://hooks.brandspace.invalid/receiver", events: ["webhook.test"], enabled: false },
      });
      expect(created.status).toBe(201);
      expect(created.body.url).toBe("https://hooks.brandspace.invalid/receiver");
      const http = await call("POST", "/v1/webhooks", {
        body: { url: "http://hooks.brandspace.invalid/receiver", events: ["*"] },
      });
      expect(http.status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe("a webhook endpoint PATCH that changes nothing", () => {
  it("answers the endpoint as stored, updated_at unchanged; a change still applies", async () => {
    const created = await api("POST", "/v1/webhooks", {
      body: { url, events: ["file.created", "library.created"], description: "CI" },
    });
    expect(created.status, created.text).toBe(201);
    const { secret: _secret, ...before } = created.body;
    const path = `/v1/webhooks/${before.id}`;
    const same = await api("PATCH", path, {
      body: {
        url,
        events: ["file.created", "library.created", "file.created"],
        description: "CI",
        enabled: true,
      },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);

    const disabled = await api("PATCH", path, { body: { enabled: false } });
    expect(disabled.body).toMatchObject({ enabled: false, disabled_reason: "manual" });
    const again = await api("PATCH", path, { body: { enabled: false, description: "CI" } });
    expect(again.body).toEqual(disabled.body);
  });
});
