import type { ServiceDeps } from "../deps.ts";
import { type JobHandlers, logWork, outcome } from "../jobs/job-handler.ts";
import type { Job } from "../jobs/job-types.ts";
import type { ScheduleDefinition } from "../jobs/scheduler.ts";
import { dispatch } from "./dispatch.ts";
import { runReplay } from "./replays.service.ts";
import { pruneDeliveries } from "./retention.repository.ts";

type WebhookJob = Extract<Job, { type: "webhooks.dispatch" | "webhooks.replay" | "webhooks.retention" }>;

export function webhookHandlers(deps: ServiceDeps): JobHandlers<WebhookJob> {
  return {
    "webhooks.dispatch": async (_payload, { signal, logger }) => {
      const pass = await dispatch(deps, { signal, logger });
      if (!pass) return outcome.skipped("this process's dispatcher is running; it was woken");
      // The heartbeat runs every second: a pass that found nothing is not news.
      if (pass.fannedOut + pass.sent === 0) return outcome.skipped("nothing was due");
      logger.info(pass, "webhook dispatch");
      return outcome.success();
    },
    "webhooks.replay": async (payload) =>
      (await runReplay({ db: deps.db, deps }, payload))
        ? outcome.success()
        : outcome.skipped("replay already ran"),
    "webhooks.retention": async (_payload, { logger }) => {
      logWork(logger, { pruned: await pruneDeliveries(deps.db) }, "pruned webhook deliveries");
      return outcome.success();
    },
  };
}

// The dispatcher's heartbeat: an idle process starts its loop at least this often (fan-out latency for events
// committed without a wake-up); retries are timed by follow-up passes.
const DISPATCH_INTERVAL_MS = 1_000;

export const WEBHOOK_SCHEDULES: ScheduleDefinition[] = [
  {
    name: "webhooks.dispatch",
    intervalMs: DISPATCH_INTERVAL_MS,
    job: { type: "webhooks.dispatch", payload: {} },
    heartbeat: true,
  },
  { name: "webhooks.retention", intervalMs: 3_600_000, job: { type: "webhooks.retention", payload: {} } },
];
