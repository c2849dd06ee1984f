import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import { deliveries } from "../metrics/metrics.ts";
import { countExhaustedSince } from "./deliveries.repository.ts";
import {
  type ClaimedAttempt,
  insertRetries,
  type Settlement,
  settleDeliveries,
} from "./delivery-queue.repository.ts";
import type { SendOutcome } from "./send-delivery.ts";
import { autoDisableWebhook, findWebhookById, markLastSuccess } from "./webhooks.repository.ts";

/** What became of one claimed attempt: sent (with the answer or the error), or not sendable at all. */
export type AttemptResult =
  | {
      kind: "sent";
      delivery: ClaimedAttempt;
      outcome: SendOutcome;
      at: Date;
      /** Where it went and its signature, kept to show the request afterwards. */
      sent: { url: string; signature: string };
    }
  | {
      kind: "unsendable";
      delivery: ClaimedAttempt;
      status: "exhausted" | "parked";
      errorCode: string | null;
    };

type Sent = Extract<AttemptResult, { kind: "sent" }>;

const isSuccess = (result: AttemptResult) => result.kind === "sent" && result.outcome.ok;

/** An endpoint's `last_success_at` is written at most this often; it only feeds the days-long `failing` rule. */
const SUCCESS_MARK_EVERY_MS = 1_000;

export interface ResultRecorder {
  /**
   * Records a batch of results: successes alone with one statement, anything else in one transaction. Until its
   * result commits an attempt stays pending, so were the process to die first, the attempt would be sent again
   * (at least once, same event id).
   */
  record(results: AttemptResult[]): Promise<void>;
}

export function createResultRecorder(deps: ServiceDeps, logger: Logger): ResultRecorder {
  const successMarkedAt = new Map<string, number>();

  async function record(results: AttemptResult[]): Promise<void> {
    if (results.length === 0) return;
    try {
      // Successes need only their settle (and now and then their endpoints' last success): a transaction around
      // it cost three more round trips per turn, each a write to the database's socket.
      if (results.every(isSuccess)) await recordResults(deps, deps.db, results, successMarkedAt);
      else await deps.db.transaction((tx) => recordResults(deps, tx as Db, results, successMarkedAt));
      logAttempts(logger, results);
    } catch (error) {
      if (results.length > 1) {
        // One result the database refuses must not cost the others theirs.
        for (const result of results) await record([result]);
        return;
      }
      // It stays pending, and is sent again.
      logger.error(
        { err: error, deliveryId: results[0]?.delivery.id },
        "recording a delivery attempt failed",
      );
    }
  }

  return { record };
}

/**
 * One line per attempt sent, keyed by the `X-Request-Id` the receiver got, so that a receiver's report can be
 * found in the service's log (the request log uses the same field name).
 */
function logAttempts(logger: Logger, results: AttemptResult[]): void {
  for (const result of results) {
    if (result.kind !== "sent") continue;
    const { delivery, outcome } = result;
    logger.info(
      {
        request_id: delivery.requestId,
        delivery_id: delivery.id,
        webhook_id: delivery.webhookId,
        event_id: delivery.eventId,
        attempt: delivery.attempt,
        http_status: outcome.httpStatus,
        error_code: outcome.errorCode,
        duration_ms: Math.round(outcome.durationMs),
      },
      "webhook delivery",
    );
  }
}

/**
 * Records a batch of results with the caller's transaction (or, successes alone, statement by statement): settles
 * the attempts still pending, then does what their outcomes call for (the endpoint's last success, the next
 * attempt, auto-disable). A result whose attempt was settled already (by another sender after this one's lease of
 * the endpoint lapsed) is dropped: that sender did it all.
 */
async function recordResults(
  deps: ServiceDeps,
  tx: Db,
  results: AttemptResult[],
  successMarkedAt: Map<string, number>,
): Promise<void> {
  const lastAttempt = Math.min(deps.config.webhookRetryScheduleMs.length + 1, 6);
  const settlements = results.map((result) => settlementOf(result, lastAttempt));
  const settled = await settleDeliveries(tx, settlements);
  countOutcomes(settlements.filter((settlement) => settled.has(settlement.id)));
  const sent = results.filter((r): r is Sent => r.kind === "sent" && settled.has(r.delivery.id));
  await markSuccesses(
    tx,
    sent.filter((r) => r.outcome.ok),
    successMarkedAt,
  );
  const failed = sent.filter((r) => !r.outcome.ok);
  const gone = failed.filter((r) => r.outcome.httpStatus === 410);
  for (const webhookId of new Set(gone.map((r) => r.delivery.webhookId)))
    await autoDisableWebhook(tx, webhookId, "gone");
  const retried = failed.filter((r) => r.delivery.attempt < lastAttempt);
  await insertRetries(
    tx,
    retried.map((r) => {
      const delay = deps.config.webhookRetryScheduleMs[r.delivery.attempt - 1]! * (0.9 + Math.random() * 0.2);
      return {
        previousId: r.delivery.id,
        scheduledAt: new Date(r.at.getTime() + delay),
        parked: r.outcome.httpStatus === 410,
      };
    }),
  );
  const exhausted = failed.filter((r) => r.delivery.attempt >= lastAttempt);
  for (const webhookId of new Set(exhausted.map((r) => r.delivery.webhookId)))
    await disableIfFailing(deps, tx, webhookId, new Date());
}

/**
 * The delivery counter, once per outcome of the batch (an increment hashes its labels). Only the attempts this
 * batch settled: one another sender settled first is that sender's to count, as its outcome is the one recorded.
 */
function countOutcomes(settlements: Settlement[]): void {
  const counts = new Map<string, number>();
  for (const { status } of settlements) counts.set(status, (counts.get(status) ?? 0) + 1);
  for (const [outcome, count] of counts) deliveries.inc({ outcome }, count);
}

function settlementOf(result: AttemptResult, lastAttempt: number): Settlement {
  const { id, attempt } = result.delivery;
  if (result.kind === "unsendable") {
    const { status, errorCode } = result;
    return {
      id,
      status,
      deliveredAt: null,
      httpStatus: null,
      durationMs: null,
      errorCode,
      responseExcerpt: null,
      sentUrl: null,
      sentSignature: null,
    };
  }
  const { outcome } = result;
  return {
    id,
    status: outcome.ok ? "success" : attempt >= lastAttempt ? "exhausted" : "failed",
    deliveredAt: result.at,
    httpStatus: outcome.httpStatus,
    durationMs: outcome.durationMs,
    errorCode: outcome.errorCode,
    responseExcerpt: outcome.responseExcerpt,
    sentUrl: result.sent.url,
    sentSignature: result.sent.signature,
  };
}

/** Each endpoint's `last_success_at` moves to its latest success of the batch, never backwards. */
async function markSuccesses(tx: Db, successes: Sent[], markedAt: Map<string, number>) {
  const latest = new Map<string, Date>();
  for (const { delivery, at } of successes) {
    const known = latest.get(delivery.webhookId);
    if (!known || known < at) latest.set(delivery.webhookId, at);
  }
  const rows = [...latest]
    .filter(([id, at]) => at.getTime() - (markedAt.get(id) ?? 0) >= SUCCESS_MARK_EVERY_MS)
    .map(([id, at]) => ({ id, at }));
  if (rows.length === 0) return;
  for (const { id, at } of rows) markedAt.set(id, at.getTime());
  await markLastSuccess(tx, rows);
}

/** No success for the configured window and enough exhausted deliveries in it: disable as `failing`. */
async function disableIfFailing(deps: ServiceDeps, tx: Db, webhookId: string, now: Date) {
  const webhook = await findWebhookById(tx, webhookId);
  if (!webhook?.enabled) return;
  const quietSince = webhook.lastSuccessAt ?? webhook.createdAt;
  if (now.getTime() - quietSince.getTime() < deps.config.webhookFailingAfterMs) return;
  const exhausted = await countExhaustedSince(tx, webhookId, quietSince);
  if (exhausted >= deps.config.webhookFailingMinExhausted) await autoDisableWebhook(tx, webhookId, "failing");
}
