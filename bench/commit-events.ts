import type { Db } from "../src/service/db/client.ts";
import { emit } from "../src/service/platform/outbox.ts";

/** Events a bench transaction commits, as a bulk change of a busy brandspace would. */
export const EVENTS_PER_COMMIT = 500;

/**
 * Commits `count` `library.updated` events with the service's own `emit`, in transactions of `perCommit` (default
 * `EVENTS_PER_COMMIT`); after each commit, `committed` gets its event ids and `between` runs (before the next
 * transaction starts).
 */
export async function commitEvents(
  db: Db,
  brandspaceId: string,
  count: number,
  committed: (ids: string[], at: number) => void,
  options: { perCommit?: number; between?: () => Promise<void> } = {},
): Promise<void> {
  const perCommit = options.perCommit ?? EVENTS_PER_COMMIT;
  for (let start = 0; start < count; start += perCommit) {
    const ids = await db.transaction(async (tx) => {
      const made: string[] = [];
      for (let i = start; i < Math.min(count, start + perCommit); i++) {
        const event = await emit(tx as Db, {
          brandspaceId,
          type: "library.updated",
          actor: { type: "system", id: null },
          data: { object: "library", id: `lib_bench_${i}`, name: `Library ${i}` },
        });
        made.push(event.id);
      }
      return made;
    });
    committed(ids, Date.now());
    await options.between?.();
  }
}
