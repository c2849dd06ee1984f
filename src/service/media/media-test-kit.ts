import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { PDFDocument, rgb } from "pdf-lib";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll } from "vitest";
import { runFfmpeg } from "./ffmpeg-tools.ts";

/** A temporary directory for one test file, removed after it; `path(name)` is a file inside. */
export function useTempDir(): { path: (name: string) => string } {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "brandspace-media-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return { path: (name) => join(dir, name) };
}

/** The RGB of one pixel of an image file. */
export async function pixelAt(path: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
}

export async function solidImage(
  path: string,
  options: { width: number; height: number; color: string; format?: "jpeg" | "png" | "webp" },
): Promise<string> {
  const { width, height, color, format = "png" } = options;
  await sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toFile(path);
  return path;
}

/** A deterministic picture with structure (gradients and bands), so that hashes have something to see. */
export function patternPixels(width: number, height: number, variant: "a" | "b"): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const u = x / width;
      const v = y / height;
      const band = Math.floor(variant === "a" ? u * 6 : v * 5) % 2;
      pixels[i] = variant === "a" ? 255 * u : 255 * (1 - v);
      pixels[i + 1] = band ? 200 : 40;
      pixels[i + 2] = variant === "a" ? 255 * v : 255 * u * v;
    }
  }
  return pixels;
}

export function patternImage(width: number, height: number, variant: "a" | "b"): Sharp {
  return sharp(patternPixels(width, height, variant), { raw: { width, height, channels: 3 } });
}

/** An animated image whose frames are solid colours, first frame first. */
export async function animatedImage(
  path: string,
  format: "gif" | "webp",
  colors: [number, number, number][],
) {
  const [width, height] = [40, 30];
  const raw = Buffer.alloc(width * height * 4 * colors.length);
  colors.forEach(([r, g, b], frame) => {
    for (let p = 0; p < width * height; p++) raw.set([r, g, b, 255], (frame * width * height + p) * 4);
  });
  const delay = colors.map(() => 100);
  const image = sharp(raw, {
    raw: { width, height: height * colors.length, channels: 4, pageHeight: height },
  });
  await (format === "gif" ? image.gif({ delay }) : image.webp({ delay })).toFile(path);
  return path;
}

/** A zip with stored (uncompressed) entries: enough for file-type to read its directory. */
export async function storedZip(path: string, entries: Record<string, string>): Promise<string> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const [nameBytes, data] = [Buffer.from(name), Buffer.from(text)];
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await writeFile(path, Buffer.concat([...locals, directory, end]));
  return path;
}

/**
 * A video (and a tone, unless silent) made by ffmpeg itself: its test pattern, or a left half red and a right
 * half blue, which shows whether a rotation was applied to the pixels.
 */
export async function synthVideo(
  path: string,
  options: {
    seconds: number;
    size?: string;
    rotate?: number;
    audio?: boolean;
    pattern?: "testsrc" | "halves";
  },
): Promise<string> {
  const { seconds, size = "640x360", rotate, audio = true, pattern = "testsrc" } = options;
  const [width, height] = size.split("x").map(Number);
  const half = `s=${(width ?? 0) / 2}x${height}:d=${seconds}:r=25`;
  const source =
    pattern === "testsrc"
      ? `testsrc=duration=${seconds}:size=${size}:rate=25`
      : `color=c=red:${half}[left];color=c=blue:${half}[right];[left][right]hstack[out0]`;
  const args = ["-f", "lavfi", "-i", source];
  if (audio) args.push("-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`);
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
  if (audio) args.push("-c:a", "aac", "-shortest");
  await runFfmpeg([...args, "-f", "mp4", "-y", path], { timeoutMs: 30_000 });
  if (rotate === undefined) return path;
  // This ffmpeg writes the rotation tag only when remuxing, not while encoding.
  const rotated = `${path}.rotated`;
  await runFfmpeg(
    ["-i", path, "-c", "copy", "-metadata:s:v", `rotate=${rotate}`, "-f", "mp4", "-y", rotated],
    {
      timeoutMs: 30_000,
    },
  );
  await rename(rotated, path);
  return path;
}

export async function synthAudio(
  path: string,
  seconds: number,
  format: "mp3" | "wav" = "mp3",
): Promise<string> {
  const args = ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-f", format, "-y", path];
  await runFfmpeg(args, { timeoutMs: 30_000 });
  return path;
}

/** A PDF whose first page is filled with `color` (r, g, b in 0..1). */
export async function writePdf(path: string, options: { pages: number; color?: [number, number, number] }) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < options.pages; i++) {
    const page = doc.addPage([595, 842]);
    if (i === 0 && options.color) {
      page.drawRectangle({ x: 0, y: 0, width: 595, height: 842, color: rgb(...options.color) });
    }
  }
  await writeFile(path, await doc.save());
  return path;
}

/** A loopback HTTP server that counts requests, to prove nothing is fetched. */
export async function countingServer(): Promise<{
  url: string;
  hits: () => number;
  close: () => Promise<void>;
}> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits++;
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
