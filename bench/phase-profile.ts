import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";

/**
 * A CPU profile of one phase of a bench (`--cpu-prof` covers the whole process: set-up, warm-up and the raw
 * rounds too). Starts when `file` is set, else does nothing; `stop` writes the profile there, for Chrome's
 * DevTools or any `.cpuprofile` reader.
 */
export async function profilePhase(file: string | undefined): Promise<{ stop(): Promise<void> }> {
  if (!file) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      session.disconnect();
      await writeFile(file, JSON.stringify(profile));
    },
  };
}
