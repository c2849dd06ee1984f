import { FLUSH_INTERVAL_MS } from "../platform/rate-counter-book.ts";
import type { ApiCall, ApiResponse } from "./http-client.ts";

type Counter = "sustained" | "month" | "search" | "uploads" | "downloads";

const ATTEMPTS = 3;

/**
 * Under TEST_SCALE_OUT each API process adds its counts to the shared rows every flush interval, so a reading
 * taken at once can miss the last requests another process answered: wait for three flushes before each.
 */
const settle = () =>
  process.env.TEST_SCALE_OUT === "1"
    ? new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_INTERVAL_MS))
    : Promise.resolve();

/**
 * How much `act` moved one usage counter, read before and after from `GET /v1/usage`. A counter's window can end
 * between the two readings (an hour's `downloads` at :00), which would read as a drop to 0: then `act` runs again
 * in the new window. `act` must be safe to repeat. With several processes, each reading waits for their counts.
 */
export async function counterChange(
  central: ApiCall,
  counter: Counter,
  act: () => Promise<unknown>,
): Promise<{ change: number; before: number; after: ApiResponse }> {
  for (let attempt = 1; ; attempt++) {
    await settle();
    const first = await central("GET", "/v1/usage");
    await act();
    await settle();
    const after = await central("GET", "/v1/usage");
    const sameWindow = first.body[counter].resets_at === after.body[counter].resets_at;
    if (sameWindow || attempt === ATTEMPTS) {
      const before = first.body[counter].used as number;
      return { change: (after.body[counter].used as number) - before, before, after };
    }
  }
}
