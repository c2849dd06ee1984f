import { describe, expect, it } from "vitest";
import { loadConfig } from "../env.ts";
import type { MediaToolsInfo } from "../media/ffmpeg-tools.ts";
import { formatBanner } from "./banner.ts";
import type { RunningService } from "./start-service.ts";

const config = loadConfig({});

function banner(media: MediaToolsInfo) {
  const service = {
    urls: null,
    ownerKey: null,
    ownerKeyFile: "/nowhere/owner.key",
    adminSocket: null,
    media,
  } as unknown as RunningService;
  return formatBanner(service, config);
}

describe("formatBanner", () => {
  it("names the ffmpeg and ffprobe that run, their versions and where they come from", () => {
    const text = banner({
      ffmpeg: { path: "/usr/bin/ffmpeg", source: "system", version: "ffmpeg version 6.1.1-3" },
      ffprobe: { path: "/opt/ffprobe", source: "env", version: "ffprobe version 7.0" },
    });
    expect(text).toContain("\n  ffmpeg         6.1.1-3 (system: /usr/bin/ffmpeg)\n");
    expect(text).toContain("\n  ffprobe        7.0 (env: /opt/ffprobe)\n");
    expect(text).not.toContain("apt-get install ffmpeg");
  });

  it("recommends a maintained ffmpeg while the bundled one runs, and says when one does not run", () => {
    const text = banner({
      ffmpeg: {
        path: "/x/node_modules/@ffmpeg-installer/linux-x64/ffmpeg",
        source: "bundled",
        version: null,
      },
      ffprobe: { path: null, source: "bundled", version: null },
    });
    expect(text).toContain(
      "  ffmpeg         does not run (bundled: /x/node_modules/@ffmpeg-installer/linux-x64/ffmpeg)",
    );
    expect(text).toContain("  ffprobe        does not run (bundled: none for this platform)");
    expect(text).toContain("apt-get install ffmpeg");
  });
});
