import { createWriteStream, existsSync, statSync } from "node:fs";
import { copyFile, mkdtemp, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import type { Database } from "../db/client.ts";
import { whileBackingUp } from "./backup-gate.ts";
import { BACKUP_ENTRIES, type BackupManifest, KEY_FILES } from "./backup-layout.ts";

export interface BackupInput {
  database: Database;
  dataDir: string;
  /** The disk blob store's root (`<data dir>/blobs`). */
  blobRoot: string;
  serviceVersion: string;
  /** A file to create, or an existing directory to create a stamped file in. */
  to: string;
  now?: Date;
}

export class BackupRefused extends Error {}

/**
 * Writes one tar: a manifest, the PGlite dump (consistent while the service runs), the key files and every blob.
 * It is written as `<file>.partial` and renamed when complete and flushed, so a cut-short backup never looks
 * like one.
 */
export async function createBackup(input: BackupInput) {
  const started = Date.now();
  if (!input.database.dumpDataDir) throw new BackupRefused("Backups are for the embedded database (PGlite).");
  const target = targetFile(input.to, input.now ?? new Date());
  if (existsSync(target)) throw new BackupRefused(`${target} exists already; name a new file.`);
  const partial = `${target}.partial`;
  const stage = await mkdtemp(`${target}.stage-`);
  try {
    return await whileBackingUp(async () => {
      const dump = await input.database.dumpDataDir!();
      await pipeline(
        Readable.fromWeb(dump.stream() as never),
        createWriteStream(path.join(stage, BACKUP_ENTRIES.database)),
      );
      const keyFiles = KEY_FILES.filter((name) => existsSync(path.join(input.dataDir, name)));
      for (const name of keyFiles) await copyFile(path.join(input.dataDir, name), path.join(stage, name));
      const blobs = await countBlobs(input.blobRoot);
      const manifest: BackupManifest = {
        format: "brandspace-backup",
        version: 1,
        created_at: (input.now ?? new Date()).toISOString(),
        service_version: input.serviceVersion,
        blobs,
        key_files: keyFiles,
      };
      await writeFile(path.join(stage, BACKUP_ENTRIES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
      await tar.create({ file: partial, cwd: stage, portable: true }, [
        BACKUP_ENTRIES.manifest,
        BACKUP_ENTRIES.database,
        ...keyFiles,
      ]);
      // Only the content-addressed files: the store's .tmp and .staging hold uploads under way.
      if (blobs.count > 0) {
        await tar.replace(
          { file: partial, cwd: path.dirname(input.blobRoot), portable: true, filter: isBlobEntry },
          [path.basename(input.blobRoot)],
        );
      }
      await flush(partial);
      await rename(partial, target);
      const { size } = await stat(target);
      return { file: target, bytes: size, blobs, seconds: (Date.now() - started) / 1000 };
    });
  } finally {
    await rm(stage, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

function targetFile(to: string, now: Date): string {
  const resolved = path.resolve(to);
  if (existsSync(resolved) && statSync(resolved).isDirectory()) {
    const stamp = now.toISOString().replace(/[:.]/g, "-");
    return path.join(resolved, `brandspace-backup-${stamp}.tar`);
  }
  return resolved;
}

/** `blobs/ab/cd/<sha256>` and its directories; not the store's temporary and staging folders. */
function isBlobEntry(entry: string): boolean {
  const parts = entry.split("/").filter(Boolean);
  return !parts.some((part) => part.startsWith("."));
}

async function countBlobs(root: string) {
  let count = 0;
  let bytes = 0;
  if (!existsSync(root)) return { count, bytes };
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    if (!entry.isFile() || !isBlobEntry(relative)) continue;
    count += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

async function flush(file: string) {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
