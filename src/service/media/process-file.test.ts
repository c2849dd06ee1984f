import { readFile, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { MediaError } from "./errors.ts";
import { solidImage, synthAudio, synthVideo, useTempDir, writePdf } from "./media-test-kit.ts";
import { processFile } from "./process-file.ts";
import { type SniffedContent, sniffContent } from "./sniff.ts";

const tmp = useTempDir();

async function sniffed(path: string): Promise<SniffedContent> {
  return sniffContent(path, path);
}

async function failureOf(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe("processFile", () => {
  it("gives an image its size, description and three renditions", async () => {
    const input = await solidImage(tmp.path("red.png"), { width: 500, height: 250, color: "#ff0000" });

    const media = await processFile(input, await sniffed(input), tmp.path("red"));

    expect(media).toMatchObject({
      width: 500,
      height: 250,
      durationMs: null,
      pageCount: null,
      colors: ["#ff0000"],
    });
    expect(media.renditions.map((r) => [r.kind, r.mime, r.width, r.height])).toEqual([
      ["thumbnail", "image/webp", 400, 200],
      ["thumbnail_jpeg", "image/jpeg", 400, 200],
      ["preview", "image/webp", 500, 250],
    ]);
  });

  it("gives a video its duration, size, sprite geometry and scrub proxy", async () => {
    const input = await synthVideo(tmp.path("clip.mp4"), { seconds: 1, size: "320x180" });

    const media = await processFile(input, await sniffed(input), tmp.path("clip"));

    expect(media).toMatchObject({ width: 320, height: 180, pageCount: null });
    expect(media.durationMs).toBeGreaterThan(900);
    expect(media.renditions.map((r) => r.kind)).toEqual([
      "thumbnail",
      "thumbnail_jpeg",
      "preview",
      "frames",
      "scrub",
    ]);
    expect(media.renditions.find((r) => r.kind === "frames")?.meta).toEqual({
      columns: 5,
      rows: 1,
      frameWidth: 160,
      frameHeight: 90,
      intervalMs: 200,
      count: 5,
    });
  });

  it("gives audio, and a video file holding only audio, a duration", async () => {
    const mp3 = await synthAudio(tmp.path("tone.mp3"), 1);

    const audio = await processFile(mp3, await sniffed(mp3), tmp.path("tone"));
    const soundOnly = await processFile(
      mp3,
      { kind: "video", mime: "video/mp4", extension: "mp4" },
      tmp.path("v"),
    );

    expect(audio).toMatchObject({ width: null, renditions: [], note: null });
    expect(Math.abs((audio.durationMs ?? 0) - 1000)).toBeLessThan(100);
    expect(soundOnly).toMatchObject({ durationMs: audio.durationMs, renditions: [] });
  });

  it("gives a PDF its page count and first-page renditions", async () => {
    const input = await writePdf(tmp.path("doc.pdf"), { pages: 2 });

    const media = await processFile(input, await sniffed(input), tmp.path("doc"));

    expect(media).toMatchObject({ pageCount: 2, width: null, colors: ["#ffffff"] });
    expect(media.renditions.map((r) => r.kind)).toEqual(["thumbnail", "thumbnail_jpeg", "preview"]);
  });

  it.each<SniffedContent>([
    { kind: "font", mime: "font/woff2", extension: "woff2" },
    { kind: "archive", mime: "application/zip", extension: "zip" },
    { kind: "document", mime: "text/plain", extension: "txt" },
    { kind: "other", mime: "application/octet-stream", extension: "" },
    { kind: "image", mime: "image/heic", extension: "heic" },
  ])("has nothing to do for $mime", async (content) => {
    const input = tmp.path("anything");
    await writeFile(input, "bytes");

    const media = await processFile(input, content, tmp.path("nothing"));

    expect(media).toMatchObject({ width: null, durationMs: null, pageCount: null, renditions: [] });
    expect(media.note).toContain(content.mime);
  });
});

describe("processFile on corrupt input", () => {
  it("fails a truncated JPEG as corrupt", async () => {
    const whole = await solidImage(tmp.path("whole.jpg"), {
      width: 400,
      height: 400,
      color: "#336699",
      format: "jpeg",
    });
    const bytes = await readFile(whole);
    const input = tmp.path("truncated.jpg");
    await writeFile(input, bytes.subarray(0, bytes.length / 2));

    const failure = await failureOf(processFile(input, await sniffed(input), tmp.path("truncated")));

    expect(failure.reason).toBe("corrupt");
  });

  it("fails random bytes claimed to be a PNG as an unsupported format", async () => {
    const input = tmp.path("random.png");
    await writeFile(input, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));

    const failure = await failureOf(
      processFile(input, { kind: "image", mime: "image/png", extension: "png" }, tmp.path("random")),
    );

    expect(failure.reason).toBe("unsupported_format");
  });

  it("fails a zero-byte video as empty", async () => {
    const input = tmp.path("empty.mp4");
    await writeFile(input, "");

    const failure = await failureOf(
      processFile(input, { kind: "video", mime: "video/mp4", extension: "mp4" }, tmp.path("empty")),
    );

    expect(failure.reason).toBe("empty_file");
  });

  it("fails a truncated video as corrupt", async () => {
    const whole = await synthVideo(tmp.path("whole.mp4"), { seconds: 1, size: "160x90" });
    const bytes = await readFile(whole);
    const input = tmp.path("cut.mp4");
    await writeFile(input, bytes.subarray(0, bytes.length / 3));

    const failure = await failureOf(processFile(input, await sniffed(input), tmp.path("cut")));

    expect(failure.reason).toBe("corrupt");
    expect(failure.message).toMatch(/video or audio/);
  });

  it("fails a corrupt PDF as corrupt", async () => {
    const input = tmp.path("broken.pdf");
    await writeFile(input, "%PDF-1.4\n%garbage without objects\n");

    const failure = await failureOf(processFile(input, await sniffed(input), tmp.path("broken")));

    expect(failure.reason).toBe("corrupt");
  });

  it("stops the tools and fails as aborted when the job is cancelled", async () => {
    const input = await synthVideo(tmp.path("long.mp4"), { seconds: 6, size: "640x360", audio: false });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);

    const started = Date.now();
    const failure = await failureOf(
      processFile(input, await sniffed(input), tmp.path("long"), { signal: controller.signal }),
    );

    expect(failure.reason).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
