import type { Logger } from "pino";

/**
 * SIGINT and SIGTERM stop the service gracefully and exit; a second signal while stopping exits at once (the data
 * directory's lock ends with the process; what it left in flight is taken over by the next start, its jobs once
 * their leases lapse).
 */
export function stopOnSignals(stop: () => Promise<void>) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now.\n`);
      process.exit(1);
    }
    stopping = true;
    process.stderr.write(`${signal}: shutting down (send it again to force)…\n`);
    stop().then(
      () => {
        process.stderr.write("Stopped.\n");
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

/**
 * Ends the process (exit code 1) when the embedded database's thread ends on its own: every request and job would
 * fail from then on, and a new start opens the database again (the data directory's lock ends with the process).
 * The process's supervisor, or whoever ran `npm start`, starts it again.
 */
export function exitWhenDatabaseEnds(
  ended: Promise<Error> | undefined,
  logger: Pick<Logger, "fatal">,
  exit: (code: number) => void = process.exit,
): void {
  void ended?.then((error) => {
    logger.fatal({ err: error }, "the embedded database stopped: exiting, to be started again");
    exit(1);
  });
}
