import type { Logger } from "pino";

/**
 * Steps to undo, in reverse order of setup: what started last stops first. Used both for a normal stop and
 * for a start that fails half-way, so nothing is left open either way.
 */
export function createTeardown(logger: Logger) {
  const steps: { name: string; run: () => unknown }[] = [];
  let done: Promise<void> | null = null;
  return {
    add(name: string, run: () => unknown) {
      steps.push({ name, run });
    },
    /** Runs every step once, even when one fails; a second call waits for the first. */
    run(): Promise<void> {
      done ??= (async () => {
        for (const step of steps.reverse()) {
          try {
            await step.run();
          } catch (error) {
            logger.error({ err: error }, `shutdown: ${step.name} failed`);
          }
        }
      })();
      return done;
    },
  };
}
export type Teardown = ReturnType<typeof createTeardown>;
