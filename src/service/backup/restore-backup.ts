import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { PGLITE_EXTENSIONS } from "../db/client.ts";
import { dataDirPaths } from "../server/data-dir.ts";
import { BACKUP_ENTRIES, BackupManifest, KEY_FILES } from "./backup-layout.ts";

export class RestoreRefused extends Error {}

export interface RestoreInput {
  from: string;
  dataDir: string;
  /** Move what the data directory holds aside instead of refusing. */
  replace: boolean;
  now?: Date;
}

/**
 * Restores a backup into a data directory whose service is stopped (the caller holds the data-directory lock).
 * Everything is unpacked and checked in a staging directory first (the manifest, every blob against its
 * SHA-256 name, the database by opening it); only then does it take the place of the current contents, which
 * `replace` moves to a sibling directory rather than deleting.
 */
export async function restoreBackup(input: RestoreInput) {
  const started = Date.now();
  const paths = dataDirPaths(input.dataDir);
  const occupied = existsSync(paths.pglite) && (await readdir(paths.pglite)).length > 0;
  if (occupied && !input.replace) {
    throw new RestoreRefused(
      `${input.dataDir} already holds a database. Restore into an empty data directory, or add --replace to move ` +
        "its current contents aside.",
    );
  }
  if (!existsSync(input.from)) throw new RestoreRefused(`No backup at ${input.from}.`);
  await mkdir(input.dataDir, { recursive: true });
  const stage = await mkdtemp(path.join(input.dataDir, ".restore-"));
  try {
    try {
      await tar.extract({ file: input.from, cwd: stage, strict: true });
    } catch (error) {
      throw new RestoreRefused(`${input.from} is not a readable backup: ${(error as Error).message}`);
    }
    const manifest = await readManifest(stage);
    const blobs = await verifyBlobs(path.join(stage, BACKUP_ENTRIES.blobs));
    if (blobs !== manifest.blobs.count) {
      throw new RestoreRefused(`The backup lists ${manifest.blobs.count} blobs but holds ${blobs}.`);
    }
    await loadDatabase(stage);

    const aside = occupied ? await moveAside(input.dataDir, input.now ?? new Date()) : null;
    await rename(path.join(stage, "pglite"), paths.pglite);
    if (existsSync(path.join(stage, BACKUP_ENTRIES.blobs))) {
      await rm(path.join(input.dataDir, BACKUP_ENTRIES.blobs), { recursive: true, force: true });
      await rename(path.join(stage, BACKUP_ENTRIES.blobs), path.join(input.dataDir, BACKUP_ENTRIES.blobs));
    }
    for (const name of manifest.key_files)
      await rename(path.join(stage, name), path.join(input.dataDir, name));
    return { manifest, movedAside: aside, seconds: (Date.now() - started) / 1000 };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

async function readManifest(stage: string) {
  const file = path.join(stage, BACKUP_ENTRIES.manifest);
  if (!existsSync(file) || !existsSync(path.join(stage, BACKUP_ENTRIES.database))) {
    throw new RestoreRefused("This file is not a Brandspace backup: its manifest or database is missing.");
  }
  const parsed = BackupManifest.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!parsed.success) throw new RestoreRefused("The backup's manifest is not one this version can read.");
  for (const name of parsed.data.key_files) {
    if (!existsSync(path.join(stage, name))) throw new RestoreRefused(`The backup lacks its ${name}.`);
  }
  return parsed.data;
}

/** Every blob's bytes must hash to its name; returns how many there are. */
async function verifyBlobs(root: string): Promise<number> {
  if (!existsSync(root)) return 0;
  let count = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    if (hash.digest("hex") !== entry.name) {
      throw new RestoreRefused(
        `The blob ${entry.name} in the backup is damaged: its bytes do not match its name.`,
      );
    }
    count += 1;
  }
  return count;
}

/** Unpacks the dump into `<stage>/pglite` and opens it once: a damaged dump is refused here. */
async function loadDatabase(stage: string) {
  const dump = await readFile(path.join(stage, BACKUP_ENTRIES.database));
  let client: PGlite | null = null;
  try {
    client = new PGlite(path.join(stage, "pglite"), {
      loadDataDir: new Blob([dump]),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.waitReady;
    await client.query("select count(*) from brandspaces");
  } catch (error) {
    throw new RestoreRefused(`The backup's database cannot be opened: ${(error as Error).message}`);
  } finally {
    await client?.close().catch(() => {});
  }
}

/** Moves the data directory's database, blobs and key files to a new sibling directory, and names it. */
async function moveAside(dataDir: string, now: Date): Promise<string> {
  const aside = `${dataDir.replace(/\/$/, "")}.replaced-${now.toISOString().replace(/[:.]/g, "-")}`;
  await mkdir(aside, { recursive: true });
  for (const name of ["pglite", BACKUP_ENTRIES.blobs, ...KEY_FILES]) {
    const from = path.join(dataDir, name);
    if (existsSync(from)) await rename(from, path.join(aside, name));
  }
  return aside;
}
