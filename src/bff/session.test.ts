import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../service/testing/test-service.ts";
import { type BffUnderTest, startBffUnderTest } from "./testing/bff-under-test.ts";

const PASSWORD = "correct horse battery staple";

let service: TestService;
const started: BffUnderTest[] = [];

async function bff(options: { password?: string; env?: Record<string, string>; now?: () => number } = {}) {
  const instance = await startBffUnderTest({
    centralUrl: service.centralUrl,
    apiKey: service.seed.ownerKey,
    ...options,
  });
  started.push(instance);
  return instance;
}

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await Promise.all(started.map((instance) => instance.close()));
  await service?.close();
});

describe("password login", () => {
  it("refuses the API without a session and a wrong password, then logs in with strict cookie flags", async () => {
    const dashboard = await bff({ password: PASSWORD });
    expect(dashboard.loginLink).toBeNull();
    const browser = dashboard.browser();

    expect((await browser.call("GET", "/api/v1/me")).status).toBe(401);
    expect((await browser.call("GET", "/api/session")).body).toEqual({ object: "session", logged_in: false });
    const wrong = await browser.call("POST", "/api/session", { body: { password: "nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ object: "error", code: "unauthorized" });

    const right = await browser.call("POST", "/api/session", { body: { password: PASSWORD } });
    expect(right.status).toBe(201);
    const cookie = right.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^bs_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    expect((await browser.call("GET", "/api/session")).body.logged_in).toBe(true);
    expect((await browser.call("GET", "/api/v1/me")).status).toBe(200);
  });

  it("refuses a cross-origin login", async () => {
    const dashboard = await bff({ password: PASSWORD });
    const browser = dashboard.browser();
    const foreign = { body: { password: PASSWORD }, origin: "https://evil.example" };
    expect((await browser.call("POST", "/api/session", foreign)).status).toBe(403);
    expect((await browser.call("POST", "/api/session", { ...foreign, origin: null })).status).toBe(403);
    expect(browser.sessionId).toBeUndefined();
  });

  it("marks the cookie Secure when the public origin is https", async () => {
    const origin = "https://dashboard.example.com";
    const dashboard = await bff({ password: PASSWORD, env: { DASHBOARD_PUBLIC_ORIGIN: origin } });
    const login = await dashboard
      .browser()
      .call("POST", "/api/session", { body: { password: PASSWORD }, origin });
    expect(login.status).toBe(201);
    expect(login.headers.get("set-cookie")).toContain("Secure");
  });

  it("throttles wrong passwords after five a minute per client, even the right one", async () => {
    const dashboard = await bff({ password: PASSWORD });
    const browser = dashboard.browser();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await browser.call("POST", "/api/session", { body: { password: "wrong" } })).status).toBe(401);
    }
    const blocked = await browser.call("POST", "/api/session", { body: { password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: "rate_limited" });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("behind a trusted reverse proxy, throttles each client named in X-Forwarded-For on its own", async () => {
    const dashboard = await bff({ password: PASSWORD, env: { DASHBOARD_TRUST_PROXY: "127.0.0.1" } });
    const browser = dashboard.browser();
    const from = (client: string) => ({ headers: { "x-forwarded-for": client } });
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = { body: { password: "wrong" }, ...from("203.0.113.7") };
      expect((await browser.call("POST", "/api/session", wrong)).status).toBe(401);
    }
    const blocked = { body: { password: PASSWORD }, ...from("203.0.113.7") };
    expect((await browser.call("POST", "/api/session", blocked)).status).toBe(429);
    const other = { body: { password: PASSWORD }, ...from("203.0.113.8") };
    expect((await browser.call("POST", "/api/session", other)).status).toBe(201);
  });

  it("without a trusted proxy, X-Forwarded-For cannot dodge the throttle", async () => {
    const dashboard = await bff({ password: PASSWORD });
    const browser = dashboard.browser();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = { body: { password: "wrong" }, headers: { "x-forwarded-for": `203.0.113.${attempt}` } };
      expect((await browser.call("POST", "/api/session", wrong)).status).toBe(401);
    }
    const next = { body: { password: PASSWORD }, headers: { "x-forwarded-for": "203.0.113.99" } };
    expect((await browser.call("POST", "/api/session", next)).status).toBe(429);
  });

  it("logs out: the cookie is cleared and the old session id no longer works", async () => {
    const dashboard = await bff({ password: PASSWORD });
    const browser = dashboard.browser();
    await browser.call("POST", "/api/session", { body: { password: PASSWORD } });
    const oldSession = browser.sessionId;
    const logout = await browser.call("DELETE", "/api/session");
    expect(logout.status).toBe(204);
    expect(logout.headers.get("set-cookie")).toContain("Max-Age=0");
    browser.sessionId = oldSession;
    expect((await browser.call("GET", "/api/v1/me")).status).toBe(401);
    expect((await browser.call("GET", "/api/session")).body.logged_in).toBe(false);
  });

  it("expires sessions after the configured TTL", async () => {
    let now = Date.now();
    const dashboard = await bff({
      password: PASSWORD,
      env: { DASHBOARD_SESSION_TTL: "30m" },
      now: () => now,
    });
    const browser = dashboard.browser();
    const login = await browser.call("POST", "/api/session", { body: { password: PASSWORD } });
    expect(login.headers.get("set-cookie")).toContain("Max-Age=1800");
    now += 29 * 60_000;
    expect((await browser.call("GET", "/api/v1/me")).status).toBe(200);
    now += 2 * 60_000;
    expect((await browser.call("GET", "/api/v1/me")).status).toBe(401);
  });
});

describe("one-time login link", () => {
  it("is printed when no password is set, logs in once and never again", async () => {
    const dashboard = await bff();
    expect(dashboard.loginLink).toMatch(new RegExp(`^${dashboard.url}/login/[A-Za-z0-9_-]{43}$`));
    const linkPath = new URL(dashboard.loginLink!).pathname;

    const browser = dashboard.browser();
    const first = await browser.call("GET", linkPath);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/");
    expect(first.headers.get("set-cookie")).toContain("HttpOnly");
    expect((await browser.call("GET", "/api/v1/me")).status).toBe(200);

    const second = await dashboard.browser().call("GET", linkPath);
    expect(second.status).toBe(401);
    expect(second.headers.get("set-cookie")).toBeNull();
    expect((await dashboard.browser().call("GET", "/login/not-a-token")).status).toBe(401);
    const token = linkPath.split("/").at(-1)!;
    expect(dashboard.logLines.some((line) => line.includes(token))).toBe(false);
  });
});

describe("the API key", () => {
  it("never reached the browser side or the logs in this file", () => {
    const key = service.seed.ownerKey;
    const secret = key.split("_").at(-1)!;
    expect(started.length).toBeGreaterThan(0);
    for (const dashboard of started) {
      expect(dashboard.recorder.seen.length).toBeGreaterThan(0);
      expect(dashboard.recorder.contains(key) || dashboard.recorder.contains(secret)).toBe(false);
      expect(dashboard.logLines.some((line) => line.includes(key) || line.includes(secret))).toBe(false);
    }
  });
});
