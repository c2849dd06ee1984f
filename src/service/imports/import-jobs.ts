import type { ServiceDeps } from "../deps.ts";
import type { JobHandlers } from "../jobs/job-handler.ts";
import type { Job } from "../jobs/job-types.ts";
import { runImportJob } from "./run-import.ts";

type ImportJob = Extract<Job, { type: "imports.run" }>;

export function importHandlers(deps: ServiceDeps): JobHandlers<ImportJob> {
  const system = { db: deps.db, deps };
  return { "imports.run": (payload, run) => runImportJob(system, { ...payload, run }) };
}
