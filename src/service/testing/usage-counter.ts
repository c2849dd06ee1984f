import type { ApiCall, ApiResponse } from "./http-client.ts";

type Counter = "sustained" | "month" | "search" | "uploads" | "downloads";

const ATTEMPTS = 3;

/**
 * How much `act` moved one usage counter, read before and after from `GET /v1/usage`. A counter's window can end
 * between the two readings (an hour's `downloads` at :00), which would read as a drop to 0: then `act` runs again
 * in the new window. `act` must be safe to repeat.
 */
export async function counterChange(
  central: ApiCall,
  counter: Counter,
  act: () => Promise<unknown>,
): Promise<{ change: number; before: number; after: ApiResponse }> {
  for (let attempt = 1; ; attempt++) {
    const first = await central("GET", "/v1/usage");
    await act();
    const after = await central("GET", "/v1/usage");
    const sameWindow = first.body[counter].resets_at === after.body[counter].resets_at;
    if (sameWindow || attempt === ATTEMPTS) {
      const before = first.body[counter].used as number;
      return { change: (after.body[counter].used as number) - before, before, after };
    }
  }
}
