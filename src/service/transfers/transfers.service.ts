import type { Actor, EventType } from "../../contract/events.ts";
import type {
  AddTransferItemsBody,
  CreateTransferBody,
  TransferListQuery,
  UpdateTransferBody,
} from "../../contract/transfers.ts";
import { TRANSFER_LIMITS } from "../../contract/transfers.ts";
import type { Db } from "../db/client.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { hasPermission, requirePermission } from "../platform/auth.ts";
import { changedFields } from "../platform/changed-fields.ts";
import type { ServiceContext, SystemContext } from "../platform/context.ts";
import { conflict, notFound, validationError } from "../platform/errors.ts";
import { newId } from "../platform/ids.ts";
import { actors, emit } from "../platform/outbox.ts";
import { paginate } from "../platform/paginate.ts";
import { hashPassword } from "../sharing/passwords.ts";
import { newPublicToken } from "../sharing/public-tokens.ts";
import { addItems } from "./transfer-items.ts";
import { hasExpired, toTransfer, transferEventData } from "./transfers.mapper.ts";
import * as repo from "./transfers.repository.ts";

const DAY_MS = 86_400_000;
type TransferRef = { transferId: string };

export async function presentTransfers(
  ctx: Pick<ServiceContext, "db" | "deps">,
  region: string,
  rows: repo.TransferRow[],
) {
  const ids = rows.map((r) => r.id);
  const [files, folders] = await Promise.all([repo.filesOf(ctx.db, ids), repo.foldersOf(ctx.db, ids)]);
  return rows.map((row) =>
    toTransfer(ctx.deps, region, row, {
      files: files.filter((f) => f.transferId === row.id),
      folders: folders.filter((f) => f.transferId === row.id),
    }),
  );
}

const present = async (ctx: ServiceContext, row: repo.TransferRow) =>
  (await presentTransfers(ctx, ctx.auth.brandspace.region, [row]))[0]!;

export async function emitTransfer(db: Db, type: EventType, actor: Actor, row: repo.TransferRow) {
  await emit(db, { brandspaceId: row.brandspaceId, type, actor, data: transferEventData(row) });
}

const LIVE_STATUSES: repo.TransferRow["status"][] = ["awaiting_uploads", "processing", "ready"];

/**
 * A live transfer whose `expires_at` has passed becomes `expired` (reason `expired`, at its `expires_at`) with
 * `transfer.expired` by the system actor, once: by the minute's job or, sooner, by the first request to read it.
 */
async function expireIfDue(db: Db, row: repo.TransferRow, now = new Date()): Promise<repo.TransferRow> {
  if (row.status === "expired" || !hasExpired(row, now)) return row;
  const expired = await db.transaction(async (t) => {
    const tx = t as Db;
    const moved = await repo.moveStatus(tx, row.id, LIVE_STATUSES, {
      status: "expired",
      expiredReason: "expired",
      expiredAt: row.expiresAt,
    });
    if (moved) await emitTransfer(tx, "transfer.expired", actors.system(), moved);
    return moved;
  });
  // Null: another request or the job expired it first.
  return expired ?? (await repo.findTransferById(db, row.id))!;
}

/** The caller's own transfer; every transfer of the brandspace for a role with `shared_links.manage`. */
export async function requireTransfer(ctx: ServiceContext, { transferId }: TransferRef, lock = false) {
  const found = await repo.findTransfer(ctx.db, ctx.auth.brandspace.id, transferId);
  if (!found || (found.createdById !== ctx.auth.user.id && !hasPermission(ctx.auth, "shared_links.manage")))
    throw notFound("transfer");
  const current = await expireIfDue(ctx.db, found);
  return lock ? (await repo.lockTransfer(ctx.db, current.id))! : current;
}

/** A transfer that still takes files (and may be completed): 409 naming its status otherwise. */
function requireOpen(row: repo.TransferRow, action = "files can only be added") {
  if (row.status !== "awaiting_uploads")
    throw conflict(`This transfer is ${row.status}; ${action} while it is awaiting uploads.`, {
      status: row.status,
    });
}

function checkedExpiry(text: string | null | undefined, createdAt: Date) {
  if (!text) return new Date(createdAt.getTime() + TRANSFER_LIMITS.defaultDays * DAY_MS);
  const expiresAt = new Date(text);
  if (expiresAt.getTime() > createdAt.getTime() + TRANSFER_LIMITS.maxDays * DAY_MS) {
    throw validationError([
      {
        param: "expires_at",
        message: `must be at most ${TRANSFER_LIMITS.maxDays} days after the transfer was created`,
      },
    ]);
  }
  return expiresAt;
}

export async function createTransfer(ctx: ServiceContext, body: CreateTransferBody) {
  requirePermission(ctx.auth, "transfers.create", "create transfers");
  const now = new Date();
  const created = await repo.insertTransfer(ctx.db, {
    id: newId("transfer"),
    brandspaceId: ctx.auth.brandspace.id,
    token: newPublicToken(),
    name: body.name ?? `Transfer ${now.toISOString().slice(0, 10)}`,
    message: body.message ?? null,
    status: "awaiting_uploads",
    passwordHash: body.password ? await hashPassword(body.password) : null,
    expiresAt: checkedExpiry(body.expires_at, now),
    createdById: ctx.auth.user.id,
    createdAt: now,
    updatedAt: now,
  });
  const row =
    body.file_ids?.length || body.folder_ids?.length ? await addItems(ctx, created, body, now) : created;
  await emitTransfer(ctx.db, "transfer.created", actors.user(ctx.auth), row);
  return present(ctx, row);
}

export async function listTransfers(ctx: ServiceContext, { status, ...page }: TransferListQuery) {
  // A list shows statuses as they are now, even between two runs of the expiry job.
  await expireDueTransfers(ctx, { brandspaceId: ctx.auth.brandspace.id });
  const mine = hasPermission(ctx.auth, "shared_links.manage") ? undefined : ctx.auth.user.id;
  return paginate(ctx.deps.cursors, page, {
    name: `transfers:${status ?? ""}`,
    fetch: (limit, after: repo.Position | null) =>
      repo.listTransfers(
        ctx.db,
        { brandspaceId: ctx.auth.brandspace.id, createdById: mine, status },
        limit,
        after,
      ),
    keyOf: (row): repo.Position => [row.createdAt.toISOString(), row.id],
    present: (rows) => presentTransfers(ctx, ctx.auth.brandspace.region, rows),
  });
}

export async function getTransfer(ctx: ServiceContext, ref: TransferRef) {
  return present(ctx, await requireTransfer(ctx, ref));
}

export async function updateTransfer(
  ctx: ServiceContext,
  { changes, ...ref }: TransferRef & { changes: UpdateTransferBody },
) {
  const row = await requireTransfer(ctx, ref, true);
  if (row.status === "expired") throw conflict("This transfer has expired and can no longer change.");
  const { password, expires_at } = changes;
  const changed = changedFields(row, {
    name: changes.name,
    message: changes.message,
    expiresAt: expires_at === undefined ? undefined : checkedExpiry(expires_at, row.createdAt),
    // A new password never equals the stored hash (a new salt each time): sending one is always a change.
    passwordHash: typeof password === "string" ? await hashPassword(password) : password,
  });
  if (!changed) return present(ctx, row);
  const updated = await repo.updateTransfer(ctx.db, row.id, changed);
  return present(ctx, updated);
}

export async function addTransferItems(
  ctx: ServiceContext,
  { body, ...ref }: TransferRef & { body: AddTransferItemsBody },
) {
  const row = await requireTransfer(ctx, ref, true);
  requireOpen(row);
  return present(ctx, await addItems(ctx, row, body));
}

/** Closes the transfer and queues its zip build; completing again while it builds or once ready changes nothing. */
export async function completeTransfer(ctx: ServiceContext, ref: TransferRef) {
  const row = await requireTransfer(ctx, ref, true);
  if (row.status === "processing" || row.status === "ready") return present(ctx, row);
  requireOpen(row, "it can only be completed");
  if (row.fileCount === 0) throw conflict("Add files to the transfer before completing it.");
  const processing = await repo.updateTransfer(ctx.db, row.id, { status: "processing" });
  await enqueueJob(
    ctx.db,
    { type: "transfers.build_zip", payload: { transferId: row.id } },
    { dedupeKey: `transfer-zip:${row.id}` },
  );
  ctx.deps.signal.notify("jobs");
  return present(ctx, processing);
}

/** Ends a transfer early: `expired` with `transfer.expired` now (and once more at nightly cleanup). */
export async function endTransfer(ctx: ServiceContext, ref: TransferRef) {
  const row = await requireTransfer(ctx, ref, true);
  const ended = await repo.moveStatus(ctx.db, row.id, ["awaiting_uploads", "processing", "ready"], {
    status: "expired",
    expiredReason: "ended_early",
    expiredAt: new Date(),
  });
  if (ended) await emitTransfer(ctx.db, "transfer.expired", actors.user(ctx.auth), ended);
  return {
    object: "transfer" as const,
    id: row.id,
    deleted: true as const,
    permanent: true,
    trashed_at: null,
  };
}

/** Scheduled: transfers past their expiry become `expired` (`transfer.expired`, actor system). */
export async function expireDueTransfers(
  { db }: Pick<SystemContext, "db">,
  { now = new Date(), brandspaceId }: { now?: Date; brandspaceId?: string } = {},
) {
  let count = 0;
  for (;;) {
    const due = await repo.dueForExpiry(db, { now, brandspaceId }, 100);
    if (due.length === 0) return count;
    for (const row of due) {
      await expireIfDue(db, row, now);
      count++;
    }
  }
}

/**
 * Nightly: each transfer ended early is announced expired a second time (the specification's rule 5: same
 * `data.id`, a new event id), once.
 */
export async function announceEndedTransfers({ db }: SystemContext, { now = new Date() } = {}) {
  let count = 0;
  for (;;) {
    const ended = await repo.endedEarlyNotCleaned(db, now, 100);
    if (ended.length === 0) return count;
    for (const row of ended) {
      await db.transaction(async (t) => {
        const tx = t as Db;
        const cleaned = await repo.updateTransfer(tx, row.id, { cleanedAt: now });
        await emitTransfer(tx, "transfer.expired", actors.system(), cleaned);
      });
      count++;
    }
  }
}
