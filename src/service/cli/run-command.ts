import { grantAccess, listGrants, revokeAccess } from "../access/grants.service.ts";
import { BackupRefused, createBackup } from "../backup/create-backup.ts";
import type { BlobStore } from "../blobs/blob-store.ts";
import { SERVICE_VERSION } from "../bootstrap.ts";
import type { Database, Db } from "../db/client.ts";
import type { Config } from "../env.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../keys/keys.service.ts";
import { addMember, removeMember, setMemberRole } from "../members/members.service.ts";
import { LEGACY_REGION } from "../platform/api-keys.ts";
import { invalidateAuthCache } from "../platform/auth-cache.ts";
import { ApiError } from "../platform/errors.ts";
import type { Signal } from "../platform/signal.ts";
import { seedSyntheticFiles } from "../seed/synthetic-seed.ts";
import { type BrandspaceRow, findBrandspace, listBrandspaces, listRoleSlugs } from "./admin.repository.ts";
import {
  type AdminCommand,
  type CommandResult,
  EXIT_FAILURE,
  EXIT_USAGE,
  failed,
  succeeded,
} from "./admin-command.ts";
import { formatGrantTable } from "./grant-table.ts";
import { formatKeyTable } from "./key-table.ts";

/** The running service passes its dependencies; the command line alone passes just the database. */
export interface AdminContext {
  db: Db;
  /** Wakes the service's workers after member events were committed. */
  signal?: Signal;
  /** Needed by `seed`, which stores thumbnails. */
  blobs?: BlobStore;
  /** Needed by `backup`: the database handle and where the data directory and blobs are. */
  storage?: { database: Database; config: Config };
  /** Where a long command reports how far it got (the caller's stderr), one line at a time. */
  progress?: (message: string) => void;
}

class CommandFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * Runs one admin command against a live database. Both paths use it: the running service (through its admin
 * socket) and the command line opening the database itself. Unexpected errors are thrown for the caller to log.
 */
export async function runAdminCommand(context: AdminContext, command: AdminCommand): Promise<CommandResult> {
  try {
    if (command.command === "backup") return await backup(context, command.to);
    if (command.command === "restore") {
      return failed("restore runs only with the service stopped, from the command line.", EXIT_USAGE);
    }
    const brandspace = await resolveBrandspace(context.db, command.brandspace);
    return await run(context, brandspace, command);
  } catch (error) {
    if (error instanceof CommandFailure) return failed(error.message, error.exitCode);
    if (error instanceof ApiError) {
      return failed(describe(error), error.code === "validation_error" ? EXIT_USAGE : EXIT_FAILURE);
    }
    throw error;
  }
}

type BrandspaceCommand = Exclude<AdminCommand, { command: "backup" | "restore" }>;

async function run(
  context: AdminContext,
  bsp: BrandspaceRow,
  command: BrandspaceCommand,
): Promise<CommandResult> {
  const { db } = context;
  const label = `${bsp.name} (${bsp.id})`;
  switch (command.command) {
    case "keys create": {
      const region = command.legacy ? null : bsp.region;
      const created = await createApiKey(context, {
        brandspaceId: bsp.id,
        userEmail: command.user,
        name: command.name,
        scopes: command.scopes,
        region,
      });
      const stale =
        region === null && bsp.region !== LEGACY_REGION
          ? `Note: a legacy key means region ${LEGACY_REGION}, but ${label} lives in ${bsp.region}.\n`
          : "";
      return succeeded(
        `${created.key}\n`,
        `Created ${created.id} (${created.prefix}) for ${command.user} in ${label}. It is shown only once.\n${stale}`,
      );
    }
    case "keys list":
      return succeeded(formatKeyTable(await listApiKeys(context, { brandspaceId: bsp.id })));
    case "keys revoke":
      await revokeApiKey(context, { brandspaceId: bsp.id, keyId: command.keyId });
      return succeeded("", `Revoked ${command.keyId} in ${label}.\n`);
    case "members add":
      await requireRole(db, bsp, command.role);
      await inTransaction(context, (ctx) =>
        addMember(ctx, {
          brandspaceId: bsp.id,
          email: command.email,
          name: command.name,
          roleSlug: command.role,
        }),
      );
      return succeeded("", `Added ${command.email} as ${command.role} to ${label}.\n`);
    case "members remove":
      await inTransaction(context, (ctx) =>
        removeMember(ctx, { brandspaceId: bsp.id, email: command.email }),
      );
      return succeeded("", `Removed ${command.email} from ${label}; their keys stop working at once.\n`);
    case "members set-role":
      await requireRole(db, bsp, command.role);
      await inTransaction(context, (ctx) =>
        setMemberRole(ctx, { brandspaceId: bsp.id, email: command.email, roleSlug: command.role }),
      );
      return succeeded("", `${command.email} is now ${command.role} in ${label}.\n`);
    case "access grant": {
      const item = await inTransaction(context, (ctx) =>
        grantAccess(ctx.db, {
          brandspaceId: bsp.id,
          email: command.email,
          target: command.target,
          access: command.level,
        }),
      );
      return succeeded(
        "",
        `${command.email} now has ${command.level} access to the ${command.target.type} “${item.name}” (${item.id}).\n`,
      );
    }
    case "access revoke": {
      const item = await inTransaction(context, (ctx) =>
        revokeAccess(ctx.db, { brandspaceId: bsp.id, email: command.email, target: command.target }),
      );
      return succeeded(
        "",
        `${command.email} no longer has access to the ${command.target.type} “${item.name}” (${item.id}) of their own; their role may still show it.\n`,
      );
    }
    case "access list":
      return succeeded(
        formatGrantTable(await listGrants(db, { brandspaceId: bsp.id, email: command.email })),
      );
    case "seed": {
      if (!context.blobs) throw new CommandFailure("seed needs the blob store.", EXIT_FAILURE);
      const started = Date.now();
      const seeded = await seedSyntheticFiles(db, context.blobs, {
        brandspaceId: bsp.id,
        files: command.files,
        flat: command.flat,
        onProgress: seedProgress(context.progress, started),
      });
      return succeeded(
        `${JSON.stringify({ library_id: seeded.libraryId, folder_ids: seeded.folderIds, files: seeded.files })}\n`,
        `Seeded ${seeded.files} files into library ${seeded.libraryId} of ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
      );
    }
  }
}

async function backup(context: AdminContext, to: string): Promise<CommandResult> {
  const storage = context.storage;
  if (!storage?.database.dumpDataDir) {
    throw new CommandFailure(
      "backup is for the embedded mode (PGlite). On PostgreSQL use pg_dump, and your object store's own tools for blobs.",
      EXIT_FAILURE,
    );
  }
  if (storage.config.blobs.kind !== "disk") {
    throw new CommandFailure(
      `Blobs live in the bucket ${storage.config.blobs.bucket}, which a backup of the data directory cannot hold; back it up with the store's own tools.`,
      EXIT_FAILURE,
    );
  }
  try {
    const made = await createBackup({
      database: storage.database,
      dataDir: storage.config.dataDir,
      blobRoot: storage.config.blobs.root,
      serviceVersion: SERVICE_VERSION,
      to,
    });
    const mib = (made.bytes / 1024 / 1024).toFixed(1);
    return succeeded(
      `${made.file}\n`,
      `Backed up the database, ${made.blobs.count} blobs and the key files to ${made.file} (${mib} MiB) in ${made.seconds.toFixed(1)} s.\n`,
    );
  } catch (error) {
    if (error instanceof BackupRefused) throw new CommandFailure(error.message, EXIT_FAILURE);
    throw error;
  }
}

/** The change and its member.* event commit together; then the workers hear of the event at once. */
async function inTransaction<T>(context: AdminContext, work: (ctx: AdminContext) => Promise<T>): Promise<T> {
  const result = await context.db.transaction((tx) => work({ ...context, db: tx as unknown as Db }));
  // Again after commit: a request in between may have cached what the transaction was changing.
  invalidateAuthCache();
  context.signal?.notify("events");
  return result;
}

async function resolveBrandspace(db: Db, id: string | undefined): Promise<BrandspaceRow> {
  if (id) {
    const found = await findBrandspace(db, id);
    if (!found) throw new CommandFailure(`No brandspace ${id}.${await choices(db)}`, EXIT_USAGE);
    return found;
  }
  const all = await listBrandspaces(db, 2);
  if (all.length === 1) return all[0]!;
  if (all.length === 0) {
    throw new CommandFailure(
      "No brandspace yet: start the service once (npm start) to create it.",
      EXIT_FAILURE,
    );
  }
  throw new CommandFailure(
    `Several brandspaces exist: name one with --brandspace.${await choices(db)}`,
    EXIT_USAGE,
  );
}

async function choices(db: Db): Promise<string> {
  const all = await listBrandspaces(db);
  return all.length === 0 ? "" : `\nBrandspaces: ${all.map((b) => `${b.id} (${b.name})`).join(", ")}`;
}

async function requireRole(db: Db, bsp: BrandspaceRow, slug: string) {
  const slugs = await listRoleSlugs(db, bsp.id);
  if (!slugs.includes(slug)) {
    throw new CommandFailure(
      `Unknown role "${slug}". Roles of ${bsp.name}: ${slugs.join(", ")}.`,
      EXIT_USAGE,
    );
  }
}

/** "No such member." with details {email} reads "No such member: ana@example.com." */
function describe(error: ApiError): string {
  const values = Object.values(error.details ?? {}).filter((v) => typeof v === "string");
  return values.length > 0 ? `${error.message.replace(/\.$/, "")}: ${values.join(", ")}.` : error.message;
}

/** Reports a seed's progress at most once a second, and when it is done writing files. */
function seedProgress(progress: AdminContext["progress"], started: number) {
  let reportedAt = started;
  return (done: number, total: number) => {
    const now = Date.now();
    if (!progress || (now - reportedAt < 1000 && done < total)) return;
    reportedAt = now;
    const share = Math.floor((done / total) * 100);
    progress(
      `Seeded ${done.toLocaleString("en")} of ${total.toLocaleString("en")} files (${share}%) in ${((now - started) / 1000).toFixed(1)} s.\n`,
    );
  };
}
