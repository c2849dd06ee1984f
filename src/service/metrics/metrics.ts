import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics: one registry per process (each API or worker process is scraped on its own),
 * filled by the request pipeline, the job runner, webhook delivery and media processing, plus Node's defaults
 * (event-loop lag, heap, GC, handles).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Histogram({
  name: "brandspace_http_request_duration_seconds",
  help: "API requests by method, route template, plane and status, with their duration.",
  labelNames: ["method", "route", "plane", "status"] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const jobRuns = new Histogram({
  name: "brandspace_job_duration_seconds",
  help: "Job runs by type and outcome (success, skipped, failed), with their duration.",
  labelNames: ["type", "outcome"] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});

export const deliveries = new Counter({
  name: "brandspace_webhook_deliveries_total",
  help: "Webhook delivery attempts by outcome (success, failed, exhausted, parked).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const processing = new Histogram({
  name: "brandspace_processing_duration_seconds",
  help: "Media processing of a version (sniffing, renditions, features) by kind and result.",
  labelNames: ["kind", "result"] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: "brandspace_job_queue_depth",
  help: "Jobs due and waiting to run, by type.",
  labelNames: ["type"] as const,
  registers: [registry],
});

export const queueAge = new Gauge({
  name: "brandspace_job_queue_oldest_age_seconds",
  help: "How long the oldest due job of each type has waited.",
  labelNames: ["type"] as const,
  registers: [registry],
});

export const poolConnections = new Gauge({
  name: "brandspace_db_pool_connections",
  help: "Database pool connections by state (total, idle, waiting clients); PostgreSQL only.",
  labelNames: ["state"] as const,
  registers: [registry],
});
