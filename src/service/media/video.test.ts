import { readFile, stat, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { processAudio } from "./audio.ts";
import { countingServer, pixelAt, synthAudio, synthVideo, useTempDir } from "./media-test-kit.ts";
import { probeMedia } from "./probe.ts";
import { processVideo, type VideoResult } from "./video.ts";

const tmp = useTempDir();
const DURATION_TOLERANCE_MS = 100;

describe("processVideo", () => {
  let result: VideoResult;
  beforeAll(async () => {
    const input = await synthVideo(tmp.path("clip.mp4"), { seconds: 3, size: "640x360" });
    result = await processVideo(input, tmp.path("clip"));
  });

  it("reports duration and size", () => {
    expect(Math.abs(result.durationMs - 3000)).toBeLessThan(DURATION_TOLERANCE_MS);
    expect([result.width, result.height]).toEqual([640, 360]);
  });

  it("writes a ≤400 px poster with a JPEG fallback and a full-size preview still", async () => {
    expect(result.poster).toMatchObject({ mime: "image/webp", width: 400, height: 225 });
    expect(result.posterJpeg).toMatchObject({ mime: "image/jpeg", width: 400, height: 225 });
    expect(result.preview).toMatchObject({ mime: "image/webp", width: 640, height: 360 });
    expect((await sharp(result.poster.path).metadata()).format).toBe("webp");
    expect(result.dominantColors.length).toBeGreaterThan(0);
    expect(result.placeholder.length).toBeGreaterThan(10);
  });

  it("writes a sprite of evenly spaced frames", async () => {
    const { frames } = result;
    expect(frames).toMatchObject({
      mime: "image/webp",
      count: 15,
      columns: 5,
      rows: 3,
      frameWidth: 160,
      frameHeight: 90,
    });
    expect(frames.intervalMs).toBe(200);
    const metadata = await sharp(frames.path).metadata();
    expect([metadata.width, metadata.height]).toEqual([5 * 160, 3 * 90]);
    expect([frames.width, frames.height]).toEqual([800, 270]);
  });

  it("writes a silent 360p H.264 scrub proxy that starts playing before it is fully read", async () => {
    const { scrub } = result;
    expect(scrub).toMatchObject({ mime: "video/mp4", width: 640, height: 360 });
    const probe = await probeMedia(scrub.path);
    expect([probe.width, probe.height, probe.hasAudio]).toEqual([640, 360, false]);
    expect(Math.abs(probe.durationMs - 3000)).toBeLessThan(DURATION_TOLERANCE_MS);
    expect(scrub.size).toBe((await stat(scrub.path)).size);
    // faststart: the index (moov) precedes the media data (mdat).
    const bytes = (await readFile(scrub.path)).toString("latin1");
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
  });
});

describe("rotated and large video", () => {
  it("applies a quarter-turn rotation to the size and the pixels", async () => {
    const input = await synthVideo(tmp.path("rotated.mp4"), {
      seconds: 1,
      size: "320x180",
      rotate: 90,
      audio: false,
      pattern: "halves",
    });

    const result = await processVideo(input, tmp.path("rotated"));

    expect([result.width, result.height]).toEqual([180, 320]);
    expect([result.preview.width, result.preview.height]).toEqual([180, 320]);
    // Turned upright, the red and blue halves lie one above the other, not side by side.
    const [top, bottom] = [
      await pixelAt(result.preview.path, 90, 40),
      await pixelAt(result.preview.path, 90, 280),
    ];
    expect(Math.max(top[0] ?? 0, bottom[0] ?? 0)).toBeGreaterThan(200);
    expect(Math.max(top[2] ?? 0, bottom[2] ?? 0)).toBeGreaterThan(200);
    expect(top).not.toEqual(bottom);
    expect([result.frames.frameWidth, result.frames.frameHeight]).toEqual([90, 160]);
    expect([result.scrub.width, result.scrub.height]).toEqual([180, 320]);
    const scrub = await probeMedia(result.scrub.path);
    expect([scrub.width, scrub.height]).toEqual([180, 320]);
  });

  it("scales the scrub proxy down to 360p and the preview to 2048 px", async () => {
    const input = await synthVideo(tmp.path("large.mp4"), { seconds: 1, size: "2560x1440", audio: false });

    const result = await processVideo(input, tmp.path("large"));

    expect([result.preview.width, result.preview.height]).toEqual([2048, 1152]);
    expect([result.scrub.width, result.scrub.height]).toEqual([640, 360]);
    expect(result.frames.count).toBe(5);
  });
});

describe("processAudio", () => {
  it("reports the duration", async () => {
    const input = await synthAudio(tmp.path("tone.mp3"), 2);

    const { durationMs } = await processAudio(input);

    expect(Math.abs(durationMs - 2000)).toBeLessThan(DURATION_TOLERANCE_MS);
  });

  it("rejects a video file holding only audio as a video", async () => {
    const input = await synthAudio(tmp.path("tone.wav"), 1, "wav");

    await expect(processVideo(input, tmp.path("tone"))).rejects.toMatchObject({ reason: "no_media_streams" });
  });
});

describe("untrusted input", () => {
  it("never lets a playlist disguised as a video reach the network", async () => {
    const server = await countingServer();
    const input = tmp.path("playlist.mp4");
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${server.url}/segment.ts\n#EXT-X-ENDLIST\n`;
    await writeFile(input, playlist);

    try {
      await expect(processVideo(input, tmp.path("playlist"))).rejects.toMatchObject({ reason: "corrupt" });
      expect(server.hits()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
