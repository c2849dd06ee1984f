import type { Db } from "../db/client.ts";
import type { ServiceDeps } from "../deps.ts";
import type { AuthContext } from "./auth.ts";

/**
 * What every service operation runs with: the caller, the database (for a mutating request, the transaction its
 * change and its events commit in) and the service's dependencies. A route handler's context is one, so routes
 * pass theirs straight through.
 */
export interface ServiceContext {
  db: Db;
  deps: ServiceDeps;
  auth: AuthContext;
}

/** Work with no caller (jobs, schedules, the admin command line): the database and the dependencies. */
export type SystemContext = Omit<ServiceContext, "auth">;

/** Access checks and other helpers that read as the caller but need no dependency. */
export type CallerContext = Pick<ServiceContext, "db" | "auth">;
