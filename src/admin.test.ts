import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDashboardPasswordHash } from "./bff/password-file.ts";
import { verifyPassword } from "./bff/password-hash.ts";
import { RUN_BUNDLED, runScript } from "./service/server/service-process.testing.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-admin-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** `npm run admin -- <args>` with `stdin` piped into it, as a script or CI would. */
function adminWithStdin(args: string[], stdin: string) {
  const child = spawn(process.execPath, [RUN_BUNDLED, "src/admin.ts", ...args], {
    env: { ...process.env, BRANDSPACE_DATA_DIR: dataDir },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(stdin);
  return new Promise<{ exitCode: number | null; stderr: string }>((resolve) =>
    child.on("close", (exitCode) => resolve({ exitCode, stderr })),
  );
}

describe("npm run admin", () => {
  it("lists dashboard set-password in its help", async () => {
    const help = await runScript("src/admin.ts", ["help"], { BRANDSPACE_DATA_DIR: dataDir });
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^\s+dashboard set-password \[--password <password>\]$/m);
    expect(help.stdout).toMatch(/^\s+keys create /m);
  });

  it("takes the dashboard password from piped standard input, without prompting", async () => {
    const run = await adminWithStdin(["dashboard", "set-password"], "piped password 1\n");
    expect(run).toMatchObject({ exitCode: 0 });
    expect(run.stderr).not.toContain("New dashboard password");
    const stored = await readDashboardPasswordHash(dataDir);
    expect(await verifyPassword("piped password 1", stored!)).toBe(true);
  });
});
