import { Readable } from "node:stream";
import sharp from "sharp";
import { createFileFromContent } from "../content/create-file.ts";
import { sniffBlob } from "../content/sniff-blob.ts";
import type { Db } from "../db/client.ts";
import { folders } from "../db/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import { newId } from "../platform/ids.ts";
import { actors } from "../platform/outbox.ts";
import type { SeededBrandspace } from "./demo-seed.ts";

interface DemoFile {
  name: string;
  bytes: () => Promise<Buffer>;
}

const PALETTES = [
  ["#0f172a", "#4f46e5", "#f472b6"],
  ["#064e3b", "#10b981", "#fde68a"],
  ["#7c2d12", "#f97316", "#fef3c7"],
  ["#1e3a8a", "#38bdf8", "#e0f2fe"],
  ["#3b0764", "#a855f7", "#fbcfe8"],
  ["#134e4a", "#2dd4bf", "#ccfbf1"],
];

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" rx="112" fill="#4f46e5"/>
<path d="M160 128h120a80 80 0 0 1 42 148 84 84 0 0 1-34 156H160zm64 64v64h51a32 32 0 0 0 0-64zm0 128v48h58a24 24 0 0 0 0-48z" fill="#fff"/>
</svg>`;

/** A picture like a landscape photo: a gradient sky, a sun, and layered hills, in one of the palettes. */
function landscapeSvg(index: number, width: number, height: number): string {
  const [deep, mid, light] = PALETTES[index % PALETTES.length]!;
  const sunX = 0.2 + ((index * 37) % 60) / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${width * sunX}" cy="${height * 0.35}" r="${height * 0.12}" fill="${light}" opacity="0.9"/>
<path d="M0 ${height * 0.7} Q ${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.68} T ${width} ${height * 0.62} V ${height} H 0 Z" fill="${deep}" opacity="0.55"/>
<path d="M0 ${height * 0.82} Q ${width * 0.35} ${height * 0.7} ${width * 0.7} ${height * 0.84} T ${width} ${height * 0.8} V ${height} H 0 Z" fill="${deep}"/>
</svg>`;
}

function bannerSvg(index: number, title: string): string {
  const [deep, mid, light] = PALETTES[(index + 2) % PALETTES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
<rect width="1200" height="630" fill="${deep}"/>
<circle cx="1050" cy="120" r="260" fill="${mid}" opacity="0.6"/>
<circle cx="980" cy="560" r="180" fill="${light}" opacity="0.35"/>
<text x="80" y="330" font-family="sans-serif" font-size="84" font-weight="700" fill="#fff">${title}</text>
<text x="80" y="410" font-family="sans-serif" font-size="36" fill="${light}">Brandspace demo</text>
</svg>`;
}

const svgTo = (svg: string, format: "png" | "jpeg") =>
  format === "png"
    ? sharp(Buffer.from(svg)).png().toBuffer()
    : sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();

const DEMO_FOLDERS: { name: string; color: string; files: DemoFile[] }[] = [
  {
    name: "Logos",
    color: "#4f46e5",
    files: [
      { name: "brandspace-logo.svg", bytes: async () => Buffer.from(LOGO_SVG) },
      { name: "brandspace-logo.png", bytes: () => svgTo(LOGO_SVG, "png") },
    ],
  },
  {
    name: "Photography",
    color: "#059669",
    files: ["Coastline", "Meadow", "Canyon", "Glacier", "Dunes", "Lagoon"].map((title, index) => ({
      name: `${title.toLowerCase()}.jpg`,
      bytes: () => svgTo(landscapeSvg(index, 1600, 1067), "jpeg"),
    })),
  },
  {
    name: "Social",
    color: "#d97706",
    files: ["Spring launch", "Product update", "We are hiring"].map((title, index) => ({
      name: `${title.toLowerCase().replaceAll(" ", "-")}-banner.png`,
      bytes: () => svgTo(bannerSvg(index, title), "png"),
    })),
  },
];

/**
 * Sample pictures for the demo brandspace of a first start, so that the dashboard opens on real thumbnails.
 * They are generated here (no download) and go through the normal processing pipeline.
 */
export async function seedDemoContent(deps: ServiceDeps, seed: SeededBrandspace): Promise<number> {
  const owner = seed.users.owner.id;
  const by = { brandspaceId: seed.brandspaceId, userId: owner, actor: actors.system() };
  let created = 0;
  for (const folder of DEMO_FOLDERS) {
    const stored = await Promise.all(
      folder.files.map(async (file) => {
        const blob = await deps.blobs.put(Readable.from([await file.bytes()]));
        return { file, blob, sniffed: await sniffBlob(deps.blobs, blob.sha256, file.name) };
      }),
    );
    await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const folderId = newId("folder");
      await tx.insert(folders).values({
        id: folderId,
        brandspaceId: seed.brandspaceId,
        libraryId: seed.libraries.shared,
        parentId: null,
        name: folder.name,
        color: folder.color,
        createdById: owner,
      });
      for (const { file, blob, sniffed } of stored) {
        await createFileFromContent(
          { db: tx, by },
          {
            place: { libraryId: seed.libraries.shared, folderId, name: file.name },
            content: { sha256: blob.sha256, size: blob.size, originalName: file.name, ...sniffed },
          },
        );
        created++;
      }
    });
  }
  return created;
}
