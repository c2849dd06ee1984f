import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { emit } from "../platform/outbox.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { wakeOnCommittedEvents } from "./dispatch.ts";
import { waitFor } from "./webhooks-test-kit.ts";

let service: TestService;
beforeAll(async () => {
  // No workers: no dispatch loop runs, so every commit asks for a pass.
  service = await startTestService();
});
afterAll(() => service?.close());

const commitEvent = () =>
  service.deps.db.transaction((tx) =>
    emit(tx as Db, {
      brandspaceId: service.seed.brandspaceId,
      type: "library.updated",
      actor: { type: "system", id: null },
      data: { object: "library", id: "lib_busy", name: "Busy" },
    }),
  );

describe("committed events while no dispatch loop runs", () => {
  it("queue a pass, then at most one every 100 ms however often events commit", async () => {
    const passes: number[] = [];
    const stopCounting = service.deps.signal.on("jobs", () => passes.push(Date.now()));
    const stopWaking = await wakeOnCommittedEvents(service.deps);
    try {
      // A commit every 5 ms or so (slower under load: the bound below follows the burst's length).
      const commits = 40;
      const started = Date.now();
      for (let i = 0; i < commits; i++) {
        await commitEvent();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const burstMs = Date.now() - started;
      await waitFor(() => passes.length > 0, 5_000, "a pass for the first commit");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(passes.length).toBeGreaterThanOrEqual(2);
      // One per 100 ms at most (plus the first, and one the last commits may defer): far fewer than the commits.
      expect(passes.length).toBeLessThanOrEqual(Math.ceil(burstMs / 100) + 2);
      expect(passes.length).toBeLessThan(commits);
    } finally {
      stopCounting();
      await stopWaking();
    }
  });
});
