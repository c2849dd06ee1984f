import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chooseTool, toolVersion } from "./ffmpeg-select.ts";

// Selection is tested against made-up PATHs and a fake file system, so the result never depends on whether
// this machine has a system ffmpeg.
const executables = new Set(["/usr/bin/ffmpeg", "/opt/bin/ffprobe", "/repo/node_modules/.bin/ffmpeg"]);
const isExecutable = (file: string) => executables.has(file);
const bundled = () => "/repo/node_modules/@ffmpeg-installer/linux-x64/ffmpeg";

describe("chooseTool", () => {
  it("takes the configured path first, even when PATH has one", () => {
    expect(
      chooseTool("ffmpeg", { configured: "/srv/ffmpeg", searchPath: "/usr/bin", bundled, isExecutable }),
    ).toEqual({ path: "/srv/ffmpeg", source: "env" });
  });

  it("prefers the system's binary on PATH over the bundled one, in PATH order", () => {
    expect(
      chooseTool("ffmpeg", {
        configured: undefined,
        searchPath: "/bin:/usr/bin:/opt/bin",
        bundled,
        isExecutable,
      }),
    ).toEqual({ path: "/usr/bin/ffmpeg", source: "system" });
    expect(
      chooseTool("ffprobe", { configured: "", searchPath: "/usr/bin:/opt/bin", bundled, isExecutable }),
    ).toEqual({ path: "/opt/bin/ffprobe", source: "system" });
  });

  it("falls back to the bundled binary; node_modules and relative PATH entries are not the system's", () => {
    expect(
      chooseTool("ffmpeg", {
        configured: undefined,
        searchPath: "/repo/node_modules/.bin:usr/bin:/bin",
        bundled,
        isExecutable,
      }),
    ).toEqual({ path: bundled(), source: "bundled" });
    expect(
      chooseTool("ffmpeg", { configured: undefined, searchPath: undefined, bundled, isExecutable }),
    ).toEqual({
      path: bundled(),
      source: "bundled",
    });
  });

  it("says so when there is no binary at all", () => {
    expect(
      chooseTool("ffprobe", { configured: undefined, searchPath: "", bundled: () => null, isExecutable }),
    ).toEqual({ path: null, source: "bundled" });
  });

  it("finds a real executable file on a real PATH, and skips one without the execute bit", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bs-ffsel-"));
    const other = mkdtempSync(path.join(os.tmpdir(), "bs-ffsel-"));
    try {
      writeFileSync(path.join(dir, "ffmpeg"), "#!/bin/sh\n");
      writeFileSync(path.join(other, "ffmpeg"), "#!/bin/sh\n");
      chmodSync(path.join(other, "ffmpeg"), 0o755);
      const searchPath = [dir, other].join(path.delimiter);
      expect(chooseTool("ffmpeg", { configured: undefined, searchPath, bundled })).toEqual({
        path: path.join(other, "ffmpeg"),
        source: "system",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("toolVersion", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bs-ffver-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = (name: string, body: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };

  it("keeps the first line of -version without the copyright notice", async () => {
    const file = script(
      "ffmpeg",
      'echo "ffmpeg version 6.1.1-3 Copyright (c) 2000-2023 the FFmpeg developers"; echo "built with gcc"',
    );
    await expect(toolVersion(file)).resolves.toBe("ffmpeg version 6.1.1-3");
  });

  it("is null for a binary that fails, is missing, or is not there at all", async () => {
    await expect(toolVersion(script("broken", "exit 1"))).resolves.toBeNull();
    await expect(toolVersion(path.join(dir, "missing"))).resolves.toBeNull();
    await expect(toolVersion(null)).resolves.toBeNull();
  });
});
