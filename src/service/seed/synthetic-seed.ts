import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { BlobStore } from "../blobs/blob-store.ts";
import { touchBlob } from "../content/content.repository.ts";
import type { Db } from "../db/client.ts";
import {
  files,
  fileVersions,
  folders,
  libraries,
  libraryGrants,
  members,
  renditions,
} from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { foldTagCounts } from "../tags/tags.repository.ts";

const WORDS = [
  "brand",
  "logo",
  "hero",
  "summer",
  "launch",
  "campaign",
  "product",
  "team",
  "event",
  "social",
  "banner",
  "poster",
  "lookbook",
  "packshot",
  "store",
  "spring",
  "autumn",
  "press",
  "keynote",
  "webinar",
];
const TAGS = [
  "approved",
  "draft",
  "print",
  "web",
  "social",
  "internal",
  "press",
  "2026",
  "evergreen",
  "partner",
];
const KINDS = [
  { kind: "image", mime: "image/jpeg", extension: "jpg", weight: 45 },
  { kind: "image", mime: "image/png", extension: "png", weight: 15 },
  { kind: "video", mime: "video/mp4", extension: "mp4", weight: 10 },
  { kind: "document", mime: "application/pdf", extension: "pdf", weight: 15 },
  { kind: "audio", mime: "audio/mpeg", extension: "mp3", weight: 5 },
  { kind: "font", mime: "font/woff2", extension: "woff2", weight: 3 },
  { kind: "archive", mime: "application/zip", extension: "zip", weight: 4 },
  { kind: "other", mime: "application/octet-stream", extension: "bin", weight: 3 },
];
const PALETTE = ["#e11d48", "#2563eb", "#16a34a", "#f59e0b", "#7c3aed", "#0891b2", "#db2777", "#475569"];
/** Look-alike families: each synthetic picture varies one of these layouts by a few dHash bits. */
const LAYOUTS = 500;

/**
 * A version 3 visual descriptor (see media/features.ts) for a synthetic picture: hashes near one of LAYOUTS
 * layouts (so that look-alikes crowd each other, as in a real library), the mirror image's hashes as a real one
 * would read, and colours gathered around the picture's palette colour. Enough for the look-alike index to
 * search at scale.
 */
function syntheticFeatures(next: () => number, color: number): number[] {
  const layout = Math.floor(next() * LAYOUTS);
  /** `count` rows of `width` bits, fixed by the layout and `salt`, each with up to three bits flipped. */
  const rowsNearLayout = (count: number, width: number, salt: number) =>
    Array.from({ length: count }, (_, row) => {
      let bits = ((layout * 2654435761 + row * 40503 + salt) >>> (row % 8)) & (2 ** width - 1);
      for (let flips = Math.floor(next() * 4); flips > 0; flips--) bits ^= 1 << Math.floor(next() * width);
      return bits;
    });
  const reverse = (value: number, width: number) => {
    let out = 0;
    for (let bit = 0; bit < width; bit++) out = (out << 1) | ((value >> bit) & 1);
    return out;
  };
  const mirrored = (rows: number[], width: number) =>
    rows.map((row) => ~reverse(row, width) & (2 ** width - 1));
  const hash = rowsNearLayout(8, 8, 0);
  const fine = rowsNearLayout(16, 16, 7919);
  const bins = new Array<number>(64).fill(0);
  const main = (color * 7 + 5) % 64;
  bins[main] = 0.6;
  bins[(main + 1 + Math.floor(next() * 62)) % 64] = 0.25;
  bins[Math.floor(next() * 64)]! += 0.15;
  return [
    3,
    ...hash,
    ...mirrored(hash, 8),
    ...bins,
    ...fine,
    ...mirrored(fine, 16),
    ...rowsNearLayout(8, 8, 104729),
    ...rowsNearLayout(16, 16, 1299709),
  ];
}

// Small enough that one batch holds PGlite (one connection) for a fraction of a second.
const BATCH = 250;

/** Deterministic pseudo-random numbers, so two seeds of the same size look alike. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface SyntheticSeedResult {
  libraryId: string;
  folderIds: string[];
  files: number;
}

/**
 * A realistic brandspace for benchmarks: one library with a folder tree (or, `flat`, one folder), N files of
 * mixed kinds, sizes, dates, tags and uploaders, each ready with a shared thumbnail so a browser sees pictures.
 */
export async function seedSyntheticFiles(
  db: Db,
  blobs: BlobStore,
  input: {
    brandspaceId: string;
    files: number;
    flat?: boolean;
    /** Called after each batch with the files written so far. */
    onProgress?: (done: number, total: number) => void;
  },
): Promise<SyntheticSeedResult> {
  const next = random(input.files);
  const uploaders = (
    await db.select({ id: members.userId }).from(members).where(eq(members.brandspaceId, input.brandspaceId))
  ).map((m) => m.id);
  const owner = uploaders[0]!;
  const libraryId = newId("library");
  await db.insert(libraries).values({
    id: libraryId,
    brandspaceId: input.brandspaceId,
    name: `Synthetic ${input.files.toLocaleString("en")}`,
    description: "Generated for benchmarks.",
    createdById: owner,
  });
  await db
    .insert(libraryGrants)
    .values(uploaders.map((userId) => ({ libraryId, userId, access: "edit" as const })));
  const folderIds = await createFolders(db, input.brandspaceId, libraryId, owner, input.flat ?? false);
  const thumbnails = await storeThumbnails(db, blobs);
  const original = await blobs.put(Readable.from([Buffer.from("synthetic original")]));
  await touchBlob(db, original.sha256, original.size);
  const totalWeight = KINDS.reduce((n, k) => n + k.weight, 0);
  const now = Date.now();
  for (let start = 0; start < input.files; start += BATCH) {
    const fileRows: (typeof files.$inferInsert)[] = [];
    const versionRows: (typeof fileVersions.$inferInsert)[] = [];
    const renditionRows: (typeof renditions.$inferInsert)[] = [];
    for (let i = start; i < Math.min(input.files, start + BATCH); i++) {
      const type = weightedPick(next() * totalWeight);
      const id = newId("file");
      const versionId = newId("version");
      const visual = type.kind === "image" || type.kind === "video";
      const width = visual ? 800 + Math.floor(next() * 3200) : null;
      const height = visual && width ? Math.floor(width * (0.5 + next())) : null;
      const size = Math.floor(Math.exp(10 + next() * 8));
      const createdAt = new Date(now - Math.floor(next() * 730 * 86_400_000));
      const name = `${WORDS[Math.floor(next() * WORDS.length)]}-${WORDS[Math.floor(next() * WORDS.length)]}-${i + 1}.${type.extension}`;
      const common = {
        kind: type.kind,
        mime: type.mime,
        extension: type.extension,
        size,
        width,
        height,
        status: "ready" as const,
      };
      const durationMs =
        type.kind === "video" || type.kind === "audio" ? Math.floor(5_000 + next() * 300_000) : null;
      fileRows.push({
        id,
        brandspaceId: input.brandspaceId,
        libraryId,
        folderId: folderIds[Math.floor(next() * folderIds.length)]!,
        name,
        ...common,
        durationMs,
        activeVersionId: versionId,
        tags: TAGS.filter(() => next() < 0.2),
        createdById: uploaders[Math.floor(next() * uploaders.length)]!,
        createdAt,
        updatedAt: createdAt,
      });
      const color = Math.floor(next() * PALETTE.length);
      versionRows.push({
        id: versionId,
        fileId: id,
        brandspaceId: input.brandspaceId,
        versionNumber: 1,
        blobSha256: original.sha256,
        ...common,
        durationMs,
        colors: visual ? [PALETTE[color]!] : null,
        features: visual ? syntheticFeatures(next, color) : null,
        originalName: name,
        createdById: owner,
        createdAt,
        processedAt: createdAt,
      });
      if (visual) {
        const thumb = thumbnails[color]!;
        renditionRows.push({
          versionId,
          kind: "thumbnail",
          blobSha256: thumb.sha256,
          mime: "image/webp",
          width: 400,
          height: 300,
          size: thumb.size,
        });
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(files).values(fileRows);
      await tx.insert(fileVersions).values(versionRows);
      if (renditionRows.length > 0) await tx.insert(renditions).values(renditionRows);
    });
    input.onProgress?.(start + fileRows.length, input.files);
    // Between batches the process serves its other requests: a big seed sent to a running service on PGlite
    // (one connection) must not hold it for minutes.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // The tag counts of every file seeded, so that the tags in use need not sum them change by change; the folded
  // changes leave dead rows that every listing would step over until a vacuum.
  await foldTagCounts(db);
  await db.execute(sql`vacuum tag_count_changes`);
  // Fresh planner statistics, or the first listings of a large seed scan instead of using their indexes.
  // Every table the seed wrote: PostgreSQL without autovacuum would otherwise plan renditions as empty.
  for (const table of [
    "files",
    "file_versions",
    "renditions",
    "folders",
    "blobs",
    "tag_counts",
    "tag_count_changes",
  ]) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  return { libraryId, folderIds, files: input.files };
}

function weightedPick(point: number) {
  let remaining = point;
  for (const kind of KINDS) {
    remaining -= kind.weight;
    if (remaining < 0) return kind;
  }
  return KINDS[0]!;
}

async function createFolders(db: Db, brandspaceId: string, libraryId: string, owner: string, flat: boolean) {
  const row = (name: string, parentId: string | null) => ({
    id: newId("folder"),
    brandspaceId,
    libraryId,
    parentId,
    name,
    createdById: owner,
  });
  if (flat) {
    const only = row("Everything", null);
    await db.insert(folders).values(only);
    return [only.id];
  }
  const top = WORDS.slice(0, 10).map((w) => row(w[0]!.toUpperCase() + w.slice(1), null));
  const below = top.flatMap((t) => ["Final", "Drafts", "Archive"].map((n) => row(n, t.id)));
  await db.insert(folders).values([...top, ...below]);
  return [...top, ...below].map((f) => f.id);
}

async function storeThumbnails(db: Db, blobs: BlobStore) {
  const stored = [];
  for (const color of PALETTE) {
    const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
      .webp()
      .toBuffer();
    const blob = await blobs.put(Readable.from([webp]));
    await touchBlob(db, blob.sha256, blob.size);
    stored.push(blob);
  }
  return stored;
}
