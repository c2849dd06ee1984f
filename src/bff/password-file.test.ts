import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { passwordFilePath, readDashboardPasswordHash, setDashboardPassword } from "./password-file.ts";
import { verifyPassword } from "./password-hash.ts";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bs-bff-password-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe("setDashboardPassword", () => {
  it("stores an scrypt hash readable only by the owner", async () => {
    expect(await readDashboardPasswordHash(dataDir)).toBeNull();
    await setDashboardPassword(dataDir, "a long password");
    const file = passwordFilePath(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Written under a temporary name, then renamed: nothing else is left in the data directory.
    expect(await readdir(dataDir)).toEqual([path.basename(file)]);
    const stored = (await readFile(file, "utf8")).trim();
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain("a long password");
    expect(await verifyPassword("a long password", stored)).toBe(true);
    expect(await verifyPassword("a long passworD", stored)).toBe(false);
  });

  it("replaces an earlier password and refuses short ones", async () => {
    await setDashboardPassword(dataDir, "first password");
    await setDashboardPassword(dataDir, "second password");
    const stored = (await readDashboardPasswordHash(dataDir))!;
    expect(await verifyPassword("first password", stored)).toBe(false);
    expect(await verifyPassword("second password", stored)).toBe(true);
    await expect(setDashboardPassword(dataDir, "short")).rejects.toThrow(/at least 8/);
  });

  it("treats a malformed stored hash as a wrong password", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("x", "scrypt$0$8$1$c2FsdA$aGFzaA")).toBe(false);
  });
});
