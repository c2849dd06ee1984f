import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProcessDatabase,
  freePort,
  killSpawned,
  runScript,
  type SpawnedProcess,
  spawnScript,
} from "./service/server/service-process.testing.ts";

let dataDir: string;
let started: SpawnedProcess;
let dashboardUrl: string;
let loginLink: string;
let scratch: { url: string; drop(): Promise<unknown> } | null = null;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-main-"));
  scratch = process.env.TEST_DATABASE_URL ? await createProcessDatabase(process.env.TEST_DATABASE_URL) : null;
  env = {
    BRANDSPACE_DATA_DIR: dataDir,
    CENTRAL_PORT: String(await freePort()),
    REGIONAL_PORT: String(await freePort()),
    DASHBOARD_PORT: String(await freePort()),
    LOG_LEVEL: "warn",
    // The build itself is covered by dashboard-build.test.ts; here a missing static dir is enough.
    DASHBOARD_STATIC_DIR: path.join(dataDir, "web"),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  started = spawnScript("src/main.ts", [], env);
  dashboardUrl = (await started.waitForStdout(/Dashboard\s+(http:\/\/\S+)/, 60_000))[1]!;
  loginLink = (await started.waitForStdout(/(http:\/\/\S+\/login\/\S+)/))[1]!;
}, 90_000);

afterAll(async () => {
  killSpawned();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("starts the service and the dashboard, whose one-time link opens a session on the API", async () => {
    expect(started.output().stdout).toContain("Central API");
    const page = await fetch(dashboardUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");

    const login = await fetch(loginLink, { redirect: "manual" });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const me = await fetch(`${dashboardUrl}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    const body = await me.text();
    expect(body).toContain('"object":"key_context"');
    const key = started.output().stdout.match(/bsk_\w+/)?.[0];
    expect(key).toBeDefined();
    expect(body).not.toContain(key!);
    expect((await fetch(loginLink, { redirect: "manual" })).headers.get("set-cookie")).toBeNull();
  });

  it("sets a dashboard password from the admin command line", async () => {
    const set = await runScript(
      "src/admin.ts",
      ["dashboard", "set-password", "--password", "correct horse battery"],
      env,
    );
    expect(set.exitCode).toBe(0);
    const login = await fetch(`${dashboardUrl}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: dashboardUrl },
      body: JSON.stringify({ password: "correct horse battery" }),
    });
    expect(login.status).toBe(201);
  });

  it("stops cleanly on SIGTERM", async () => {
    started.child.kill("SIGTERM");
    expect((await started.exited).exitCode).toBe(0);
  });
});
