import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeWorkDir, removeAbandonedWorkDirs } from "./work-dirs.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "work-dirs-test-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** The id of a process that has ended. */
function endedPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "console.log(process.pid)"]).stdout.toString());
}

describe("work directories", () => {
  it("names a work directory after its purpose and this process", async () => {
    const dir = await makeWorkDir("process", root);
    expect(path.basename(dir)).toMatch(new RegExp(`^bs-process-${process.pid}-[A-Za-z0-9]{6}$`));
  });

  it("removes those of ended processes and of an earlier process with this id, keeps the rest", async () => {
    const names = {
      ofEnded: `bs-process-${endedPid()}-aaaaaa`,
      ofEarlierSameId: `bs-sniff-${process.pid}-bbbbbb`,
      ofThisProcess: `bs-sniff-${process.pid}-dddddd`,
      ofRunning: `bs-process-${process.ppid}-cccccc`,
      // Named by an earlier version, without a process id: untouched for more than a day, or recently.
      unnamedOld: "bs-process-eeeeee",
      unnamedRecent: "bs-sniff-ffffff",
      unrelated: "bs-process-notapid",
      other: "something-else",
    };
    for (const name of Object.values(names)) await mkdir(path.join(root, name, "out"), { recursive: true });
    const beforeThisProcess = new Date(Date.now() - process.uptime() * 1000 - 60_000);
    await utimes(path.join(root, names.ofEarlierSameId), beforeThisProcess, beforeThisProcess);
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60_000 - 60_000);
    await utimes(path.join(root, names.unnamedOld), dayAndMinuteAgo, dayAndMinuteAgo);
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await utimes(path.join(root, names.unnamedRecent), hourAgo, hourAgo);

    expect(await removeAbandonedWorkDirs(root)).toBe(3);
    expect((await readdir(root)).sort()).toEqual(
      [names.ofThisProcess, names.ofRunning, names.unnamedRecent, names.other, names.unrelated].sort(),
    );
  });
});
